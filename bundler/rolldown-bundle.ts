/**
 * The server bundle on Rolldown, for every target. Rolldown resolves packages, reads CommonJS and
 * JSON, strips TypeScript, compiles JSX and minifies itself, in native code: a 1000-route app
 * bundles in about a tenth of Rollup's time. With pages, the UI library's settings
 * (ui/rolldown-settings.ts) compile the components as the client bundle does, and their CSS is
 * dropped, but for the class names of their CSS modules.
 */
import path from "node:path";
import type { RolldownOptions, RolldownPluginOption } from "rolldown";
import { sdkResolverPlugin } from "../compiler/resolve-sdk.js";
import { loadRolldown } from "../compiler/rolldown.js";
import type { TargetPreset } from "../compiler/targets.js";
import { uiRolldownSettings, type UiRolldownSettings } from "../compiler/ui/rolldown-settings.js";
import { stampBuildId } from "./build-id.js";
import { toUserError } from "./bundle-errors.js";
import { bundledChunks } from "./chunk-modules.js";
import { builtinIds, externalFor, failOnUnresolvedImports, isRuntimeModule, SOURCE_EXTENSIONS, type BackEndUi, type BundleOptions, type BundleResult } from "./bundle.js";
import { cssPlugin } from "./css-plugin.js";
import { reactByteLengthPlugin } from "./react-byte-length-plugin.js";

/** ES2022: every runtime we target runs it. */
const TRANSFORM_TARGET = "es2022";

/**
 * The input options of a target's server bundle: `sdk build` bundles with them, and sdkPlugin()
 * hands them to a plain Rolldown build, so both compile the app alike.
 */
export async function serverInputOptions(options: Omit<BundleOptions, "outDir">, warnings: string[]): Promise<RolldownOptions> {
  const { root, entry, preset } = options;
  const ui = await pagesSettings(options.ui);
  return {
    input: entry,
    cwd: root,
    ...builtinsFor(preset),
    onLog: failOnUnresolvedImports(warnings),
    // The user's plugins are Rollup plugins; Rolldown runs Rollup's plugin hooks.
    plugins: [sdkResolverPlugin(), ...(options.userPlugins ?? []), ...(await requireAsImport(preset)), ...ui.plugins, reactByteLengthPlugin()] as RolldownPluginOption[],
    resolve: {
      conditionNames: [...preset.exportConditions, ...ui.conditionNames],
      mainFields: ["module", "main"],
      extensions: [...new Set([...SOURCE_EXTENSIONS, ...ui.extensions])],
    },
    // The app's tsconfig.json is for its editor; the bundle compiles every app alike.
    tsconfig: false,
    transform: { target: TRANSFORM_TARGET, ...ui.transform },
  };
}

export async function bundleWithRolldown(options: BundleOptions): Promise<BundleResult> {
  const { root, outDir, preset } = options;
  const { rolldown } = await loadRolldown();
  const warnings: string[] = [];
  try {
    const bundle = await rolldown(await serverInputOptions(options, warnings));
    const { output } = await bundle.write({
      dir: outDir,
      format: "es",
      entryFileNames: "index.mjs",
      sourcemap: true,
      minify: preset.minify,
      comments: { legal: false, jsdoc: false },
      ...(preset.chunkFileNames === null ? { codeSplitting: false } : { chunkFileNames: preset.chunkFileNames }),
    });
    await bundle.close();
    // The result names the bundle's modules; Rolldown's output lists each one's map too.
    const files = output.filter((file) => !file.fileName.endsWith(".map")).map((file) => path.join(outDir, file.fileName));
    await stampBuildId(outDir, files);
    return { files, warnings, chunks: bundledChunks(root, output) };
  } catch (cause) {
    throw (await toUserError(root, cause)) ?? cause;
  }
}

/** An app with pages: its components compiled for the server, their stylesheets empty modules but for CSS modules' class maps. */
async function pagesSettings(ui: BackEndUi | undefined): Promise<UiRolldownSettings> {
  if (!ui) return { plugins: [], transform: {}, conditionNames: [], extensions: [] };
  const settings = await uiRolldownSettings(ui.library, { mode: ui.mode, side: "server", root: ui.root });
  return { ...settings, plugins: [cssPlugin({ side: "server", root: ui.root, mode: ui.mode }), ...settings.plugins] };
}

/**
 * Node's built-ins stay imports. On node, bun and deno Rolldown gives the bundle a `require`
 * (`createRequire`) for the CommonJS packages that call it; a worker has none, so there the
 * built-ins are left to requireAsImport instead, which only sees what `external` has not taken.
 */
function builtinsFor(preset: TargetPreset): Pick<RolldownOptions, "platform" | "external"> {
  if (preset.requireAvailable) return { platform: "node", external: externalFor(preset) };
  return { platform: "neutral", external: (id) => isRuntimeModule(preset, id) };
}

/** For a worker: a CommonJS package's `require("node:net")` becomes `import ... from "node:net"`. */
async function requireAsImport(preset: TargetPreset): Promise<RolldownPluginOption[]> {
  if (preset.requireAvailable) return [];
  const { esmExternalRequirePlugin } = await import("rolldown/plugins");
  return [esmExternalRequirePlugin({ external: builtinIds() })];
}
