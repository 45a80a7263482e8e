// Builds this ejected app with Vite: `vite build` writes the pages' client to dist/client (and,
// through build/pages-manifests.ts, the manifests the server links), then `vite build --ssr`
// bundles the server into dist/server, its packages and our runtime included. `sdk` imports
// resolve to the copy of the runtime in ./runtime, as tsconfig.json's `paths` say.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";{{uiImport}}
import { pagesManifests } from "./build/pages-manifests.ts";

const runtime = fileURLToPath(new URL("./runtime/", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  // Only the client's folder gets public/: the server sends it from dist/client.
  publicDir: isSsrBuild ? false : "public",
  plugins: [{{uiPlugin}}, pagesManifests({{pages}}{{manifestOptions}})],
  resolve: {
    alias: [{{aliases}}
    ],
    // The app's components and our runtime's adapter share one copy of the UI library.
    dedupe: {{dedupe}},
  },
  // Fixed for the server too, where libraries would otherwise read it at run time.
  define: {{define}},
  ssr: {
    // Bundled whole, so dist/server runs with no node_modules beside it, as `sdk build` made it.
    noExternal: true,
    target: {{ssrTarget}},
    resolve: { conditions: {{exportConditions}}, externalConditions: {{exportConditions}} },
  },
  build: isSsrBuild
    ? {
        ssr: true,
        outDir: "dist/server",
        target: "es2022",
        minify: {{minify}},
        sourcemap: true,
        // workerd provides `cloudflare:*` itself.
        rollupOptions: { input: "server/{{entryFile}}", external: [/^cloudflare:/], output: { format: "es", entryFileNames: "index.mjs", {{chunks}} } },
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
