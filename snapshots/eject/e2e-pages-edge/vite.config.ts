// Builds this ejected app with Vite: `vite build` writes the pages' client to dist/client (and,
// through build/pages-manifests.ts, the manifests the server links), then `vite build --ssr`
// bundles the server into dist/server, its packages and our runtime included. `sdk` imports
// resolve to the copy of the runtime in ./runtime, as tsconfig.json's `paths` say.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { pagesManifests } from "./build/pages-manifests.ts";

const runtime = fileURLToPath(new URL("./runtime/", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  // Only the client's folder gets public/: the server sends it from dist/client.
  publicDir: isSsrBuild ? false : "public",
  plugins: [react({ jsxRuntime: "automatic", jsxImportSource: "react" }), pagesManifests([
  {"id":"pages/index.tsx","file":"pages/index.tsx","layouts":["pages/layout.tsx"]},
  {"id":"pages/about.tsx","file":"pages/about.tsx","layouts":["pages/layout.tsx"]},
  {"id":"pages/blog/[slug].tsx","file":"pages/blog/[slug].tsx","layouts":["pages/layout.tsx","pages/blog/layout.tsx"]},
  {"id":"pages/boom.tsx","file":"pages/boom.tsx","layouts":["pages/layout.tsx"]},
  {"id":"pages/client-only.tsx","file":"pages/client-only.tsx","layouts":["pages/layout.tsx"]},
  {"id":"pages/docs/intro.md","file":"pages/docs/intro.md.ts","layouts":["pages/layout.tsx","pages/docs/layout.tsx"]},
  {"id":"pages/guestbook.tsx","file":"pages/guestbook.tsx","layouts":["pages/layout.tsx"]},
  {"id":"pages/guide/[...path].tsx","file":"pages/guide/[...path].tsx","layouts":["pages/layout.tsx"]},
  {"id":"pages/private/area.tsx","file":"pages/private/area.tsx","layouts":["pages/layout.tsx"]},
  {"id":"pages/404.tsx","file":"pages/404.tsx","layouts":["pages/layout.tsx"]},
], { edge: true })],
  resolve: {
    alias: [
      { find: /^sdk\/runtime\/(.*)$/, replacement: `${runtime}$1` },
      { find: /^sdk$/, replacement: `${runtime}index.ts` },
      { find: /^sdk\/react$/, replacement: `${runtime}ui/react/index.ts` },
      { find: /^sdk\/vue$/, replacement: `${runtime}ui/vue/index.ts` },
      { find: /^sdk\/svelte$/, replacement: `${runtime}ui/svelte/index.ts` },
      { find: /^sdk\/solid$/, replacement: `${runtime}ui/solid/index.ts` },
      { find: /^sdk\/client$/, replacement: `${runtime}client/index.ts` },
      { find: /^sdk\/ws$/, replacement: `${runtime}ws/index.ts` },
      { find: /^sdk\/db$/, replacement: `${runtime}db/index.ts` },
      { find: /^sdk\/schema$/, replacement: `${runtime}db/schema-sqlite.ts` },
      { find: /^sdk\/schema-pg$/, replacement: `${runtime}db/schema-pg.ts` },
      { find: /^sdk\/schema-mysql$/, replacement: `${runtime}db/schema-mysql.ts` },
      { find: /^sdk\/env$/, replacement: `${runtime}env/index.ts` },
      { find: /^sdk\/auth$/, replacement: `${runtime}auth/index.ts` },
      { find: /^sdk\/auth\/client$/, replacement: `${runtime}auth/client.ts` },
      { find: /^sdk\/auth\/plugins$/, replacement: `${runtime}auth/plugins.ts` },
      { find: /^sdk\/auth\/react$/, replacement: `${runtime}auth/react.ts` },
      { find: /^sdk\/auth\/vue$/, replacement: `${runtime}auth/vue.ts` },
      { find: /^sdk\/auth\/svelte$/, replacement: `${runtime}auth/svelte.ts` },
      { find: /^sdk\/auth\/solid$/, replacement: `${runtime}auth/solid.ts` },
      { find: /^sdk\/kv$/, replacement: `${runtime}kv/index.ts` },
      { find: /^sdk\/storage$/, replacement: `${runtime}storage/index.ts` },
    ],
    // The app's components and our runtime's adapter share one copy of the UI library.
    dedupe: ["react","react-dom","scheduler"],
  },
  // Fixed for the server too, where libraries would otherwise read it at run time.
  define: {"process.env.NODE_ENV":"\"production\""},
  ssr: {
    // Bundled whole, so dist/server runs with no node_modules beside it, as `sdk build` made it.
    noExternal: true,
    target: "webworker",
    resolve: { conditions: ["workerd","worker","browser","import","default"], externalConditions: ["workerd","worker","browser","import","default"] },
  },
  build: isSsrBuild
    ? {
        ssr: true,
        outDir: "dist/server",
        target: "es2022",
        minify: true,
        sourcemap: true,
        // workerd provides `cloudflare:*` itself.
        rollupOptions: { input: "server/worker.ts", external: [/^cloudflare:/], output: { format: "es", entryFileNames: "index.mjs", inlineDynamicImports: true } },
      }
    : {
        outDir: "dist/client",
        target: "es2022",
        // Maps are written for error tooling but not linked, so browsers never fetch source.
        sourcemap: "hidden",
        rollupOptions: {
          input: "server/client.ts",
          output: { entryFileNames: "assets/entry-[hash].js", chunkFileNames: "assets/[name]-[hash].js", assetFileNames: "assets/[name]-[hash][extname]" },
        },
      },
}));
