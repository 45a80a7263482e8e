/**
 * Test components compiled as an app's are: a TSX module bundled by Rolldown with the solid
 * library's settings (Babel with babel-preset-solid, then Rolldown's transform), with solid-js
 * resolved for the side as the build resolves it, into one ES module. `sdk/solid` and
 * `sdk/runtime/ui/solid/*` name the adapter's sources in this checkout.
 */
import path from "node:path";
import { rolldown, type Plugin, type RolldownPluginOption } from "rolldown";
import { solid } from "../../compiler/ui/solid.ts";
import { uiRolldownSettings } from "../../compiler/ui/rolldown-settings.ts";
import type { UiSide } from "../../compiler/ui/library.ts";
import { REPO_ROOT } from "./sdk-cli.ts";

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
  const ui = await uiRolldownSettings(solid, { mode: options.development ? "development" : "production", side, root: REPO_ROOT });
  const bundle = await rolldown({
    input: ENTRY,
    onLog: () => {},
    platform: side === "client" ? "browser" : "node",
    plugins: [fixtureSource(source), ...ui.plugins] as RolldownPluginOption[],
    resolve: { conditionNames: conditions, extensions: [".ts", ".tsx", ".js"] },
    tsconfig: false,
    transform: { target: "es2022", ...ui.transform },
  });
  const { output } = await bundle.generate({ format: "es", codeSplitting: false });
  await bundle.close();
  return output[0].code;
}

/** The server bundle's exports, loaded without a file. */
export async function importServerBundle<Exports>(source: string): Promise<Exports> {
  const code = await bundleSolid(source, "server");
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`) as Promise<Exports>;
}
