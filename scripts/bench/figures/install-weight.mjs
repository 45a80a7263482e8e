// Figure 15: what a hello-world app installs. Ours: the packed package (lib/ as built, as npm
// would pack it) and what `sdk init`'s default template adds beside it, installed into an empty
// folder; the baseline: `npm install wrangler vite` into another, in the same run, at the versions
// sdk itself installs (so the ratio is what sdk adds, not how those two moved since). Both from npm's
// cache where it has them (--prefer-offline) with the same flags; counted as installed package
// folders and as disk usage (du, so workerd's hard-linked binary counts once).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, scratchDir } from "../lib/apps.mjs";
import { ratioRow } from "../lib/table.mjs";

function npm(args, cwd) {
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund"], { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed in ${cwd}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The default template's package.json dependencies, sdk itself aside (lib/emitters/init.js). */
async function defaultTemplateDependencies(own) {
  const { emitStarterProject } = await import(path.join(REPO_ROOT, "lib", "emitters", "init.js"));
  const files = emitStarterProject({ template: "api", name: "hello", compatibilityDate: "2025-01-01", versions: { ...own.peerDependencies, sdk: own.version } });
  const { dependencies = {}, devDependencies = {} } = JSON.parse(files.find((file) => file.path === "package.json").content);
  const { sdk: _sdk, ...others } = { ...dependencies, ...devDependencies };
  return Object.entries(others).map(([name, range]) => `${name}@${range}`);
}

/** Installs `specs` into a new folder and measures its node_modules. */
function installed(name, specs) {
  const dir = scratchDir(name);
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name, private: true, type: "module" })}\n`);
  npm(["install", ...specs, "--prefer-offline", "--ignore-scripts"], dir);
  const modules = path.join(dir, "node_modules");
  const kilobytes = Number(spawnSync("du", ["-sk", modules], { encoding: "utf8" }).stdout.split("\t")[0]);
  return { packages: countPackages(modules), megabytes: kilobytes / 1024 };
}

/** Package folders under node_modules, nested ones included (scoped: @scope/name). */
function countPackages(modules) {
  if (!existsSync(modules)) return 0;
  let count = 0;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith(".")) continue;
    const dirs = entry.startsWith("@") ? readdirSync(path.join(modules, entry)).map((name) => path.join(modules, entry, name)) : [path.join(modules, entry)];
    for (const dir of dirs) {
      if (!existsSync(path.join(dir, "package.json"))) continue;
      count += 1 + countPackages(path.join(dir, "node_modules"));
    }
  }
  return count;
}

export async function installWeight(_options, log) {
  log("install weight");
  const packDir = scratchDir("install-weight-pack");
  // --ignore-scripts: pack lib/ as the bench's `npm run build` left it, instead of rebuilding it.
  const [packed] = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", packDir], REPO_ROOT));
  const own = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
  const ours = installed("install-weight-hello", [path.join(packDir, packed.filename), ...(await defaultTemplateDependencies(own))]);
  const baseline = installed("install-weight-wrangler-vite", [`wrangler@${own.devDependencies.wrangler}`, `vite@${own.dependencies.vite}`]);
  return [
    ratioRow({ figure: "install weight: hello-world app vs npm install wrangler vite (disk)", ours: ours.megabytes, baseline: baseline.megabytes, unit: "MB", better: "lower", target: 1.2 }),
    ratioRow({ figure: "install weight: hello-world app vs npm install wrangler vite (packages)", ours: ours.packages, baseline: baseline.packages, unit: "packages", better: "lower" }),
  ];
}
