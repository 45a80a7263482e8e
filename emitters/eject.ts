/**
 * `sdk eject`: the generated app as an ordinary project. The same generated modules as a build,
 * linked to copies of the user's sources and of our runtime, with a plain Rollup config.
 */
import { readFileSync } from "node:fs";
import type { AppIR } from "../compiler/ir.js";
import { packagePath } from "../compiler/paths.js";
import { emitTarget, type EmittedFile } from "./emit.js";
import { PRESETS } from "./targets.js";
import { renderTemplate } from "./template.js";

const BUILD_TOOLS = ["rollup", "rollup-plugin-esbuild", "esbuild", "@rollup/plugin-node-resolve", "@rollup/plugin-alias"];
/** An ejected edge app is started (and deployed) with wrangler, which reads the generated wrangler.json. */
const WRANGLER = { wrangler: "^4.0.0" };
const RUNTIME_DEPENDENCIES = ["hono", "@hono/node-server"];

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

function pick(versions: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, versions[name]]));
}

export interface EjectInputs {
  ir: AppIR;
  appPackage: PackageJson;
  defaultName: string;
  lockResolved?: Record<string, unknown>;
}

export function emitEjectedProject({ ir, appPackage, defaultName, lockResolved }: EjectInputs): EmittedFile[] {
  const preset = PRESETS[ir.target];
  const versions = sdkVersions();
  const { sdk: _compiler, ...appDependencies } = appPackage.dependencies ?? {};
  const startScript = ir.target === "edge" ? "wrangler dev -c dist/server/wrangler.json" : preset.startCommand;
  const pkg = {
    name: appPackage.name ?? defaultName,
    version: appPackage.version ?? "0.0.0",
    private: true,
    type: "module",
    scripts: { build: "rollup -c", start: startScript },
    dependencies: { ...appDependencies, ...pick(versions, RUNTIME_DEPENDENCIES) },
    devDependencies: { ...pick(versions, BUILD_TOOLS), ...(ir.target === "edge" ? WRANGLER : {}) },
  };
  const rollupConfig = renderTemplate("eject/rollup.config.mjs.tpl", {
    entryFile: preset.entryFile,
    exportConditions: JSON.stringify(preset.exportConditions),
    minify: String(preset.minify),
    copyWrangler: ir.target === "edge" ? '\n    cpSync("server/wrangler.json", "dist/server/wrangler.json");' : "",
  });
  const generated = emitTarget(ir, { projectRootFromGenerated: "..", defaultName, lockResolved });
  return [
    { path: "package.json", content: `${JSON.stringify(pkg, null, 2)}\n` },
    { path: "rollup.config.mjs", content: rollupConfig },
    ...generated.map((file) => ({ path: `server/${file.path}`, content: file.content })),
  ];
}
