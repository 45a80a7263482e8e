// Figure: `tsc --noEmit` on generated apps with 10 and 1000 routes whose code calls every route
// once through `fetch` from sdk/client, against the same app type-checked without the client
// types and calls: what typed fetch adds to type-checking. (Nitro's typed fetch stops with TS2589
// at 200-300 routes.) Uses lib/ like every figure: `npm run build` first.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateApp, REPO_ROOT, scratchDir, SDK_BIN } from "../lib/apps.mjs";
import { routeNames } from "../lib/route-names.mjs";
import { interleavedMedians } from "../lib/stats.mjs";
import { ratioRow } from "../lib/table.mjs";

const SIZES = [10, 1000];
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

function run(args, what) {
  const result = spawnSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status})\n${result.stdout}\n${result.stderr}`);
}

/** Generated apps have no node_modules: `sdk` resolves to the built package, as an install's would. */
function writeTsconfig(root) {
  const paths = {
    "sdk": [path.join(REPO_ROOT, "lib", "runtime", "index.d.ts")],
    "sdk/client": [path.join(REPO_ROOT, "lib", "runtime", "client", "index.d.ts")],
  };
  writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ extends: "./.sdk/tsconfig.json", compilerOptions: { paths } }));
}

/** One call per route, each answer used, so every route's answer type is worked out. */
function writeCalls(root, count) {
  const { statics, params } = routeNames(count);
  const calls = [
    ...statics.map((name) => `  seen.push((await fetch("/${name}")).route);`),
    ...params.map((name) => `  seen.push((await fetch("/${name}/:id", { params: { id: 1 } })).route);`),
  ];
  mkdirSync(path.join(root, "src"), { recursive: true });
  writeFileSync(
    path.join(root, "src", "calls.ts"),
    `import { fetch } from "sdk/client";\n\nexport async function callAll(): Promise<string[]> {\n  const seen: string[] = [];\n${calls.join("\n")}\n  return seen;\n}\n`,
  );
}

/** Two copies of the same app: one calling every route through sdk/client, one without client types. */
function prepareApps(count) {
  const generated = generateApp(count);
  const withClient = scratchDir(`client-types-${count}`);
  const without = scratchDir(`client-types-${count}-without`);
  for (const root of [withClient, without]) {
    cpSync(generated, root, { recursive: true });
    run([SDK_BIN, "prepare", "--root", root], `sdk prepare (${count} routes)`);
    writeTsconfig(root);
  }
  writeCalls(withClient, count);
  rmSync(path.join(without, ".sdk", "types", "client.d.ts"));
  return { withClient, without };
}

function tscSeconds(root) {
  const started = performance.now();
  run([TSC, "-p", root, "--noEmit", "--pretty", "false"], `tsc -p ${root}`);
  return (performance.now() - started) / 1000;
}

export async function clientTypes(options, log) {
  const rows = [];
  for (const count of SIZES) {
    log(`client types: ${count} routes`);
    const apps = prepareApps(count);
    const candidates = [{ name: "ours", root: apps.withClient }, { name: "baseline", root: apps.without }];
    const medians = await interleavedMedians(candidates, options.buildRuns, (candidate) => tscSeconds(candidate.root));
    rows.push(ratioRow({
      figure: `client types: tsc, ${count} routes each called vs no client`,
      ours: medians.ours * 1000,
      baseline: medians.baseline * 1000,
      unit: "ms",
      better: "lower",
    }));
  }
  return rows;
}
