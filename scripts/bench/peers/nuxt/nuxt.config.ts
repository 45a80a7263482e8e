// Nuxt's defaults, less what a production server would not run: devtools and telemetry.
export default defineNuxtConfig({
  compatibilityDate: "2026-12-01",
  devtools: { enabled: false },
  telemetry: false,
  app: { head: { title: "Items" } },
});
