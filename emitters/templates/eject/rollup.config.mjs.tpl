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
  input: "server/{{entryFile}}",
  // workerd provides `cloudflare:*` itself.
  external: (id) => builtins.has(id) || id.startsWith("cloudflare:"),
  plugins: [
    alias({
      entries: [
        { find: /^sdk\/runtime\/(.*)$/, replacement: `${runtime}$1.ts` },{{aliases}}
      ],
    }),
    nodeResolve({ exportConditions: {{exportConditions}}, preferBuiltins: true, extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".json"] }),
    // Some packages ship CommonJS only (the Redis client of apps with ISR or crons).
    commonjs(),
    esbuild({ target: "es2022", minify: {{minify}}, sourceMap: true, tsconfig: false{{define}} }),
    copyStaticFiles,
  ],
  output: { dir: "dist/server", format: "es", entryFileNames: "index.mjs", sourcemap: true, {{chunks}} },
};
