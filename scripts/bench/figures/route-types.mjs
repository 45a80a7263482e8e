// Figure: the CPU time of `tsc --noEmit` on a generated React app of 1000 pages (half static, half `[id]`), each
// page linking to the next one through `<Link href>` and each `[id]` page reading
// `useParams<"/p0000/[id]">()`, after `sdk prepare`, against the same app without
// .sdk/types/pages.d.ts, where every href and params type is a string: what typed routes add to
// type-checking (issue 41). CPU time (tsc's and its native compiler's), not wall time, decides: on
// two shared cores the wall time of one run moved from 4 to 13 s with the other load, its CPU time
// by a tenth. Uses lib/ like every figure: `npm run build` first.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, scratchDir, SDK_BIN } from "../lib/apps.mjs";
import { endedChildrenCpuMs } from "../lib/process-cpu.mjs";
import { routeNames } from "../lib/route-names.mjs";
import { interleavedMedians } from "../lib/stats.mjs";
import { ratioRow } from "../lib/table.mjs";

const PAGES = 1000;
/**
 * Typed routes may cost three quarters more type-checking than none at 1000 pages: measured at
 * 1.35x-1.6x (0.2-0.4 s of CPU), most of it the program holding 1000 pages' unions at all, since
 * 1000 links in one file cost nothing measurable.
 */
const TARGET_RATIO = 1.75;
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

function run(args, what) {
  const result = spawnSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status})\n${result.stdout}\n${result.stderr}`);
}

/** Page `index` of `names` (statics then params) links to the next one, the last to the first. */
function pageFiles(count) {
  const { statics, params } = routeNames(count);
  const paths = [...statics.map((name) => `"/${name}"`), ...params.map((name) => `\`/${name}/\${id}\``)];
  const next = (index) => paths[(index + 1) % paths.length];
  const files = statics.map((name, index) => [
    `pages/${name}.tsx`,
    `import { Link } from "sdk/react";\n\nconst id = ${index};\n\nexport default function Page() {\n  return <Link href=${wrap(next(index))}>next</Link>;\n}\n`,
  ]);
  params.forEach((name, offset) => {
    const index = statics.length + offset;
    files.push([
      `pages/${name}/[id].tsx`,
      `import { Link, useParams } from "sdk/react";\n\nexport default function Page() {\n  const { id } = useParams<"/${name}/[id]">();\n  return <Link href=${wrap(next(index))}>next {id}</Link>;\n}\n`,
    ]);
  });
  return files;
}

/** A JSX attribute value: a string literal as is, a template literal in braces. */
function wrap(value) {
  return value.startsWith("`") ? `{${value}}` : value;
}

/** Generated apps have no node_modules: `sdk/react` and React's types resolve to this checkout's. */
function writeTsconfig(root) {
  const types = (...segments) => [path.join(REPO_ROOT, "node_modules", "@types", ...segments)];
  const paths = {
    "sdk/react": [path.join(REPO_ROOT, "lib", "runtime", "ui", "react", "index.d.ts")],
    "react": types("react", "index.d.ts"),
    "react/jsx-runtime": types("react", "jsx-runtime.d.ts"),
  };
  writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ extends: "./.sdk/tsconfig.json", compilerOptions: { paths } }));
}

/** Two copies of the same app: one with the page types `sdk prepare` writes, one without. */
function prepareApps() {
  const typed = scratchDir(`route-types-${PAGES}`);
  const untyped = scratchDir(`route-types-${PAGES}-untyped`);
  writeFileSync(path.join(typed, "package.json"), JSON.stringify({ name: "bench-route-types", private: true, type: "module", dependencies: { react: "*", "react-dom": "*" } }));
  for (const [file, content] of pageFiles(PAGES)) {
    mkdirSync(path.dirname(path.join(typed, file)), { recursive: true });
    writeFileSync(path.join(typed, file), content);
  }
  run([SDK_BIN, "prepare", "--root", typed], `sdk prepare (${PAGES} pages)`);
  writeTsconfig(typed);
  cpSync(typed, untyped, { recursive: true });
  rmSync(path.join(untyped, ".sdk", "types", "pages.d.ts"));
  return { typed, untyped };
}

function tscCpuMs(root) {
  const before = endedChildrenCpuMs();
  run([TSC, "-p", root, "--noEmit", "--pretty", "false"], `tsc -p ${root}`);
  return endedChildrenCpuMs() - before;
}

export async function routeTypes(options, log) {
  log(`route types: ${PAGES} pages`);
  const apps = prepareApps();
  const candidates = [{ name: "ours", root: apps.typed }, { name: "baseline", root: apps.untyped }];
  const medians = await interleavedMedians(candidates, options.quick ? 3 : 7, (candidate) => tscCpuMs(candidate.root));
  return [ratioRow({
    figure: `route types: tsc CPU, ${PAGES} pages each linking and reading params vs untyped`,
    ours: medians.ours,
    baseline: medians.baseline,
    unit: "ms",
    better: "lower",
    target: TARGET_RATIO,
  })];
}
