/**
 * `sdk eject`: the generated app as an ordinary project. The same generated modules as a build,
 * linked to copies of the user's sources and of the runtime modules they need, with a plain
 * Rollup config and a tsconfig.json that type-checks all of it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AppIR } from "../compiler/ir.js";
import { packagePath } from "../compiler/paths.js";
import { CONVENTION_DIRS, CONVENTION_FILES } from "../compiler/scan/project.js";
import { emitTarget } from "./emit.js";
import type { EmittedFile } from "./emitted-file.js";
import { selectRuntimeModules } from "./eject-runtime.js";
import { PRESETS } from "../compiler/targets.js";
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

export function emitEjectedProject({ ir, appPackage, defaultName, lockResolved, appSources }: EjectInputs): EmittedFile[] {
  const preset = PRESETS[ir.target];
  const versions = sdkVersions();
  const generated = emitTarget(ir, { projectRootFromGenerated: "..", defaultName, lockResolved });
  const runtime = selectRuntimeModules([...generated.map((file) => file.content), ...appSources]);
  const startScript = ir.target === "edge" ? "wrangler dev -c dist/server/wrangler.json" : preset.startCommand;
  const pkg = {
    name: appPackage.name ?? defaultName,
    version: appPackage.version ?? "0.0.0",
    private: true,
    type: "module",
    scripts: { build: "rollup -c", start: startScript, typecheck: "tsc --noEmit" },
    dependencies: { ...withoutSdk(appPackage.dependencies), ...pick(versions, runtime.packages) },
    // The app's devDependencies stay: its code may need their types (`@types/x`) to type-check.
    devDependencies: { ...withoutSdk(appPackage.devDependencies), ...pick(versions, [...BUILD_TOOLS, ...TYPECHECK_TOOLS, ...(ir.target === "edge" ? EDGE_TOOLS : [])]) },
  };
  const rollupConfig = renderTemplate("eject/rollup.config.mjs.tpl", {
    entryFile: preset.entryFile,
    exportConditions: JSON.stringify(preset.exportConditions),
    minify: String(preset.minify),
    chunks: preset.chunkFileNames === null ? "inlineDynamicImports: true" : `chunkFileNames: ${JSON.stringify(preset.chunkFileNames)}`,
    copyWrangler: ir.target === "edge" ? '\n    cpSync("server/wrangler.json", "dist/server/wrangler.json");' : "",
  });
  const tsconfig = renderTemplate("eject/tsconfig.json.tpl", {
    appSourcePlaces: appSourcePlaces(ir.sourceDir).map((place) => `\n    ${JSON.stringify(place)},`).join(""),
  });
  return [
    { path: "package.json", content: `${JSON.stringify(pkg, null, 2)}\n` },
    { path: "rollup.config.mjs", content: rollupConfig },
    { path: "tsconfig.json", content: tsconfig },
    ...generated.map((file) => ({ path: `server/${file.path}`, content: file.content })),
    ...runtime.modules.map((module) => ({ path: `runtime/${module.path}`, content: module.content })),
  ];
}
