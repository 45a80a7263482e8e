// The apps under test: scratch copies of scripts/bench/apps/*, generated apps with N routes, and
// builds of them (or `sdk dev` on them) with the real CLI (cli/bin.mjs), exactly as a user runs it.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { routeNames } from "./route-names.mjs";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const BENCH_ROOT = path.join(REPO_ROOT, "scripts", "bench");
export const SDK_BIN = path.join(REPO_ROOT, "cli", "bin.mjs");

const scratch = mkdtempSync(path.join(os.tmpdir(), "sdk-bench-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

export function scratchDir(name) {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** `ssr-vue` is the Vue twin of `ssr`: its base app's name, then the library's. */
const TWIN_APP = /^(?<base>.+)-(?:vue|svelte|solid)$/;

/**
 * A fresh copy of scripts/bench/apps/<name>, so builds never write into the repo. A twin app
 * (`ssr-vue`) holds only its package.json and pages/: it is laid over a copy of its base app
 * (`ssr`) whose pages/ are dropped, so every library reads the same config and the same data file.
 * An app with dependencies (the pages apps need their UI library) gets a `node_modules` link to
 * the repo's, where those are devDependencies: the build resolves them from the app's root as it
 * would from an installed app's. Removing the scratch folder removes the link, never what it points to.
 */
export function copyApp(name, copyName = name) {
  const dir = scratchDir(copyName);
  const base = TWIN_APP.exec(name)?.groups.base;
  if (base) {
    cpSync(path.join(BENCH_ROOT, "apps", base), dir, { recursive: true });
    rmSync(path.join(dir, "pages"), { recursive: true });
  }
  cpSync(path.join(BENCH_ROOT, "apps", name), dir, { recursive: true });
  const { dependencies } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  if (dependencies) symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

const STATIC_ROUTE = (name) =>
  `import { defineHandler } from "sdk";\n\nexport const GET = defineHandler(() => ({ route: "${name}" }));\n`;
const PARAM_ROUTE = (name) =>
  `import { defineHandler } from "sdk";\n\nexport const GET = defineHandler((c) => ({ route: "${name}", id: c.req.param("id") }));\n`;

/**
 * An app with `count` routes: routes/r0000.ts ... and routes/p0000/[id].ts ... (see route-names.mjs).
 * `copyName` gives a figure that edits the app its own copy.
 */
export function generateApp(count, copyName = `routes-${count}`) {
  const dir = scratchDir(copyName);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: `bench-${count}`, private: true, type: "module" }));
  const { statics, params } = routeNames(count);
  mkdirSync(path.join(dir, "routes"), { recursive: true });
  for (const name of statics) writeFileSync(path.join(dir, "routes", `${name}.ts`), STATIC_ROUTE(name));
  for (const name of params) {
    mkdirSync(path.join(dir, "routes", name), { recursive: true });
    writeFileSync(path.join(dir, "routes", name, "[id].ts"), PARAM_ROUTE(name));
  }
  return dir;
}

/** Removes what an earlier build left, so the next build starts cold. */
export function clean(root) {
  for (const output of [".sdk", "dist"]) rmSync(path.join(root, output), { recursive: true, force: true });
}

export function sdkBuildArgs(root, target) {
  return [SDK_BIN, "build", "--root", root, "--target", target];
}

export function sdkDevArgs(root, target, port, host) {
  return [SDK_BIN, "dev", "--root", root, "--port", String(port), "--host", host, "--target", target];
}

/**
 * Gives an app without dependencies a `node_modules/sdk` link to this repository. `sdk build`
 * resolves `sdk` itself, but under `sdk dev` Vite resolves the generated modules' imports of it
 * from the app, as in an installed app. Vite keeps its cache in that `node_modules`, inside the copy.
 */
export function linkSdk(root) {
  mkdirSync(path.join(root, "node_modules"));
  symlinkSync(REPO_ROOT, path.join(root, "node_modules", "sdk"), "dir");
  return root;
}

const builtApps = new Map();

/** scripts/bench/apps/<name> built once per target for the whole run; resolves to its dist/server. */
export function builtApp(name, target) {
  const key = `${name}-${target}`;
  if (!builtApps.has(key)) builtApps.set(key, build(copyApp(name, key), target));
  return builtApps.get(key);
}

/** `sdk <args>` through the real CLI; throws with its output when it fails. */
function runSdk(args, env = {}) {
  const result = spawnSync(process.execPath, [SDK_BIN, ...args], { encoding: "utf8", env: { ...process.env, ...env, NO_COLOR: "1" } });
  if (result.status !== 0) throw new Error(`sdk ${args.join(" ")} failed (${result.status})\n${result.stdout}\n${result.stderr}`);
}

/** `sdk build --target <target>`; resolves to the build's dist/server. */
export function build(root, target) {
  runSdk(["build", "--root", root, "--target", target]);
  return path.join(root, "dist", "server");
}

/**
 * The migration of the app's db/schema.ts written by `sdk db generate` and applied by `sdk db
 * migrate`: to the local D1 state, or, with `DATABASE_URL` in `env`, to that database.
 */
export function migrateDatabase(root, env = {}) {
  runSdk(["db", "generate", "--root", root], env);
  runSdk(["db", "migrate", "--root", root], env);
}
