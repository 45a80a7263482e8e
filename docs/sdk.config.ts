import { defineConfig } from "sdk/config";

// The documentation site: Markdown pages under pages/, every one prerendered to dist/client,
// which any static host serves as it is (`sdk preview` serves it on this machine).
export default defineConfig({
  target: "node",
  output: "static",
  head: {
    titleTemplate: "%s · sdk",
    htmlAttrs: { lang: "en" },
    meta: [{ name: "viewport", content: "width=device-width, initial-scale=1" }],
    link: [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }],
  },
});
