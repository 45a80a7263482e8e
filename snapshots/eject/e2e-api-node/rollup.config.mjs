// Builds this ejected app with plain Rollup: `npm run build` writes dist/server and dist/client.
// `sdk` imports resolve to the copy of the runtime in ./runtime, as tsconfig.json's `paths` say,
// so no compiler is needed.
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import alias from "@rollup/plugin-alias";
import commonjs from "@rollup/plugin-commonjs";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import esbuild from "rollup-plugin-esbuild";

const runtime = new URL("./runtime/", import.meta.url).pathname;
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** public/ is served as-is, so it is copied, not bundled. */
const copyStaticFiles = {
  name: "copy-static-files",
  writeBundle() {
    rmSync("dist/client", { recursive: true, force: true });
    // Made even without public/: an edge app's wrangler.json names it as the assets folder.
    mkdirSync("dist/client", { recursive: true });
    if (existsSync("public")) cpSync("public", "dist/client", { recursive: true });
  },
};

export default {
  input: "server/server.ts",
  // workerd provides `cloudflare:*` itself.
  external: (id) => builtins.has(id) || id.startsWith("cloudflare:"),
  plugins: [
    alias({
      entries: [
        { find: /^sdk\/runtime\/(.*)$/, replacement: `${runtime}$1.ts` },
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
    }),
    nodeResolve({ exportConditions: ["node","import","default"], preferBuiltins: true, extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".json"] }),
    // Some packages ship CommonJS only (the Redis client of apps with ISR or crons).
    commonjs(),
    esbuild({ target: "es2022", minify: false, sourceMap: true, tsconfig: false }),
    copyStaticFiles,
  ],
  output: { dir: "dist/server", format: "es", entryFileNames: "index.mjs", sourcemap: true, chunkFileNames: "chunks/[name]-[hash].mjs" },
};
