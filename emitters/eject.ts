/**
 * `sdk eject`: the generated app as an ordinary project. The same generated modules as a build,
 * linked to copies of the user's sources and of the runtime modules they need, with a plain
 * Rollup config and a tsconfig.json that type-checks all of it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { hasPages, type AppIR } from "../compiler/ir.js";
import { packagePath } from "../compiler/paths.js";
import { CONVENTION_DIRS, CONVENTION_FILES } from "../compiler/scan/project.js";
import { emitTarget } from "./emit.js";
import type { EmittedFile } from "./emitted-file.js";
import { ejectedDatabase } from "./eject-database.js";
import { ejectedEnv } from "./eject-env.js";
import { rootWranglerConfig } from "./eject-wrangler.js";
import { ejectedPagesBuild } from "./eject-pages.js";
import { SDK_MODULE_FILES, selectRuntimeModules } from "./eject-runtime.js";
import { PRESETS } from "../compiler/targets.js";
import { uiLibrary } from "../compiler/ui/libraries.js";
import { renderTemplate } from "./template.js";

const BUILD_TOOLS = ["rollup", "rollup-plugin-esbuild", "esbuild", "@rollup/plugin-node-resolve", "@rollup/plugin-alias", "@rollup/plugin-commonjs"];
const TYPECHECK_TOOLS = ["typescript", "@types/node"];
/** An ejected edge app is started (and deployed) with wrangler, which reads the generated wrangler.json. */
const EDGE_TOOLS = ["wrangler"];

interface PackageJson {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function sdkVersions(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as PackageJson;
  return { ...pkg.devDependencies, ...pkg.dependencies };
}

/** A name sdk does not list would silently drop out of the ejected package.json; fail instead. */
function pick(versions: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => {
    const version = versions[name];
    if (!version) throw new Error(`sdk eject: sdk's package.json has no version of ${name}`);
    return [name, version];
  }));
}

/** The app's packages less sdk itself, which the eject replaces. */
function withoutSdk(dependencies: Record<string, string> = {}): Record<string, string> {
  const { sdk: _sdk, ...others } = dependencies;
  return others;
}

/** Where the app's own code sits, project-relative: the ejected tsconfig.json checks these places. */
export function appSourcePlaces(sourceDir: string): string[] {
  return [...[...CONVENTION_DIRS, ...CONVENTION_FILES].map((name) => path.posix.join(sourceDir, name)), "src"];
}

export interface EjectInputs {
  ir: AppIR;
  appPackage: PackageJson;
  defaultName: string;
  lockResolved?: Record<string, unknown>;
  /** The text of every script file in appSourcePlaces(): their `sdk` imports count toward the runtime carried. */
  appSources: readonly string[];
}

/** `paths` entries of tsconfig.json: each public module, then the generated code's `sdk/runtime/*`. */
function tsconfigPaths(): string {
  const entries = [...Object.entries(SDK_MODULE_FILES).map(([specifier, file]) => [specifier, `./runtime/${file}`]), ["sdk/runtime/*", "./runtime/*"]];
  return entries.map(([specifier, file]) => `\n      ${JSON.stringify(specifier)}: [${JSON.stringify(file)}]`).join(",");
}

/** The Rollup aliases of the public modules, after `sdk/runtime/*`. */
function rollupAliases(): string {
  return Object.entries(SDK_MODULE_FILES)
    .map(([specifier, file]) => `\n        { find: /^${specifier.replaceAll("/", "\\/")}$/, replacement: \`\${runtime}${file}\` },`)
    .join("");
}

/** How tsconfig.json reads JSX in the pages' library, when it has JSX. */
function tsconfigJsx(ir: AppIR): string {
  const jsx = ir.ui ? uiLibrary(ir.ui).types.tsconfigJsx : undefined;
  if (!jsx) return "";
  return `\n    "jsx": ${JSON.stringify(jsx.jsx)},${jsx.jsxImportSource ? `\n    "jsxImportSource": ${JSON.stringify(jsx.jsxImportSource)},` : ""}`;
}

export function emitEjectedProject({ ir, appPackage, defaultName, lockResolved, appSources }: EjectInputs): EmittedFile[] {
  const preset = PRESETS[ir.target];
  const versions = sdkVersions();
  const database = ejectedDatabase(ir);
  const emitted = emitTarget(ir, { projectRootFromGenerated: "..", defaultName, lockResolved });
  const wrangler = rootWranglerConfig(ir, emitted);
  const generated = emitted.filter((file) => file.path !== "wrangler.json");
  const runtime = selectRuntimeModules([...generated.map((file) => file.content), ...appSources]);
  const env = ejectedEnv(ir);
  const pages = hasPages(ir) ? ejectedPagesBuild(ir, SDK_MODULE_FILES, env.define) : null;
  const startScript = ir.target === "edge" ? "wrangler dev" : preset.startCommand;
  const buildTools = pages ? pages.devPackages : BUILD_TOOLS;
  const pkg = {
    name: appPackage.name ?? defaultName,
    version: appPackage.version ?? "0.0.0",
    private: true,
    type: "module",
    scripts: { build: pages ? pages.buildScript : "rollup -c", start: startScript, typecheck: "tsc --noEmit", ...database.scripts },
    dependencies: { ...withoutSdk(appPackage.dependencies), ...pick(versions, runtime.packages) },
    // The app's devDependencies stay: its code may need their types (`@types/x`) to type-check.
    devDependencies: { ...withoutSdk(appPackage.devDependencies), ...pick(versions, [...buildTools, ...TYPECHECK_TOOLS, ...(ir.target === "edge" ? EDGE_TOOLS : [])]) },
  };
  const tsconfig = renderTemplate("eject/tsconfig.json.tpl", {
    jsx: tsconfigJsx(ir),
    paths: tsconfigPaths(),
    appSourcePlaces: [...appSourcePlaces(ir.sourceDir), ...(pages ? ["build", "vite.config.ts"] : [])].map((place) => `\n    ${JSON.stringify(place)},`).join(""),
  });
  return [
    { path: "package.json", content: `${JSON.stringify(pkg, null, 2)}\n` },
    ...(pages ? pages.files : [{ path: "rollup.config.mjs", content: rollupConfig(ir, env.define) }]),
    { path: "tsconfig.json", content: tsconfig },
    ...generated.map((file) => ({ path: `server/${file.path}`, content: file.content })),
    ...(wrangler ? [wrangler] : []),
    ...database.files,
    ...env.files,
    ...runtime.modules.map((module) => ({ path: `runtime/${module.path}`, content: module.content })),
  ];
}

/** `define`: expressions replaced in the app's code (env.ts's public values). */
function rollupConfig(ir: AppIR, define: Record<string, string>): string {
  const preset = PRESETS[ir.target];
  return renderTemplate("eject/rollup.config.mjs.tpl", {
    aliases: rollupAliases(),
    entryFile: preset.entryFile,
    exportConditions: JSON.stringify(preset.exportConditions),
    minify: String(preset.minify),
    define: Object.keys(define).length ? `, define: ${JSON.stringify(define)}` : "",
    chunks: preset.chunkFileNames === null ? "inlineDynamicImports: true" : `chunkFileNames: ${JSON.stringify(preset.chunkFileNames)}`,
  });
}
