/**
 * Test components compiled as an app's are: a TSX module bundled by Rollup through the solid
 * library's plugins (Babel with babel-preset-solid, then esbuild), with solid-js resolved for the
 * side as the build resolves it, into one ES module. `sdk/solid` and `sdk/runtime/ui/solid/*`
 * name the adapter's sources in this checkout.
 */
import path from "node:path";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { rollup, type Plugin } from "rollup";
import { solid } from "../compiler/ui/solid.ts";
import { uiRollupPlugins } from "../compiler/ui/rollup-plugins.ts";
import type { UiSide } from "../compiler/ui/library.ts";
import { REPO_ROOT } from "./helpers/sdk-cli.ts";

// Not a file: the plugin below serves the source under a .tsx name, which selects Babel.
const ENTRY = path.join(REPO_ROOT, "spec", "solid-fixture.tsx");
const ADAPTER = path.join(REPO_ROOT, "runtime", "ui", "solid");

function fixtureSource(source: string): Plugin {
  return {
    name: "solid-fixture",
    resolveId(id) {
      if (id === ENTRY) return ENTRY;
      if (id === "sdk/solid") return path.join(ADAPTER, "index.ts");
      if (id.startsWith("sdk/runtime/ui/solid/")) return path.join(ADAPTER, `${id.slice("sdk/runtime/ui/solid/".length)}.ts`);
      return null;
    },
    load: (id) => (id === ENTRY ? source : null),
  };
}

/**
 * `development`: the browser gets solid's development build, which throws on a hydration
 * mismatch instead of rendering over it.
 */
export async function bundleSolid(source: string, side: UiSide, options: { development?: boolean } = {}): Promise<string> {
  const conditions = side === "server" ? ["node", "import", "default"] : [...(options.development ? ["development"] : []), "browser", "import", "default"];
  const bundle = await rollup({
    input: ENTRY,
    onLog: () => {},
    plugins: [
      fixtureSource(source),
      nodeResolve({ exportConditions: conditions, browser: side === "client", extensions: [".ts", ".tsx", ".js"] }),
      ...uiRollupPlugins(solid, { mode: options.development ? "development" : "production", side, esbuild: { target: "es2022", sourceMap: false, tsconfig: false } }),
    ],
  });
  const { output } = await bundle.generate({ format: "es", inlineDynamicImports: true });
  await bundle.close();
  return output[0].code;
}

/** The server bundle's exports, loaded without a file. */
export async function importServerBundle<Exports>(source: string): Promise<Exports> {
  const code = await bundleSolid(source, "server");
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`) as Promise<Exports>;
}
