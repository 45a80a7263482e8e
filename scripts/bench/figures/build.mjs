// Figure 3: a cold `sdk build` (no .sdk/ or dist/ left from before) of generated apps with 10, 200,
// 1000 and 5000 routes per target: wall time and peak RSS. The limits apply to 1000 routes on node.
// Beside them: growth from 1000 to 5000 routes (time per route must stay about flat: linear, not
// worse) and a warm build, a second build of the unchanged app (info).
import { clean, generateApp, sdkBuildArgs } from "../lib/apps.mjs";
import { WALL_CLOCK_CHECK } from "../lib/check.mjs";
import { measureNode, rssSource } from "../lib/measure-command.mjs";
import { median } from "../lib/stats.mjs";
import { limitRow } from "../lib/table.mjs";

const LIMITED = { routes: 1000, target: "node", seconds: 1.5, rssMB: 200 };
/** Time per route at the largest size over time per route at 1000 routes. */
const LINEARITY = { from: 1000, to: 5000, limit: 1.25 };

function coldBuild(root, target) {
  clean(root);
  return measureNode(sdkBuildArgs(root, target));
}

function sizeRows(routes, target, samples) {
  const limited = routes === LIMITED.routes && target === LIMITED.target;
  const figure = `build ${target} ${routes} routes`;
  return [
    limitRow({ figure: `${figure} wall time`, ours: median(samples.map((s) => s.seconds)), unit: "s", limit: limited ? LIMITED.seconds : undefined, atMost: true, check: WALL_CLOCK_CHECK }),
    limitRow({ figure: `${figure} peak RSS`, ours: median(samples.map((s) => s.rssMB)), unit: "MB", limit: limited ? LIMITED.rssMB : undefined, atMost: true }),
  ];
}

function linearityRow(seconds, target) {
  const perRoute = (routes) => seconds.get(routes) / routes;
  return limitRow({
    figure: `build ${target} time per route, ${LINEARITY.to} routes over ${LINEARITY.from} (linear growth)`,
    ours: perRoute(LINEARITY.to) / perRoute(LINEARITY.from),
    unit: "x",
    limit: LINEARITY.limit,
    atMost: true,
    check: WALL_CLOCK_CHECK,
  });
}

/** Times rebuilds of `root`, whose last build was `target`'s. */
function warmBuildRow(root, routes, target, options) {
  const seconds = median(Array.from({ length: options.buildRuns }, () => measureNode(sdkBuildArgs(root, target)).seconds));
  return limitRow({ figure: `build ${target} ${routes} routes warm (second build, app unchanged) wall time`, ours: seconds, unit: "s" });
}

export async function buildFigure(options, log) {
  const rows = [];
  const nodeSeconds = new Map();
  const roots = new Map();
  for (const routes of options.buildSizes) {
    const root = generateApp(routes);
    roots.set(routes, root);
    // Past 1000 routes the point is linear growth, judged on node alone.
    const targets = routes > LIMITED.routes ? [LIMITED.target] : options.buildTargets;
    for (const target of targets) {
      log(`build: ${routes} routes, ${target}`);
      const samples = Array.from({ length: options.buildRuns }, () => coldBuild(root, target));
      if (target === LIMITED.target) nodeSeconds.set(routes, median(samples.map((s) => s.seconds)));
      rows.push(...sizeRows(routes, target, samples));
    }
  }
  if (nodeSeconds.has(LINEARITY.to)) rows.push(linearityRow(nodeSeconds, LIMITED.target));
  if (roots.has(LIMITED.routes)) {
    log(`build: ${LIMITED.routes} routes, ${LIMITED.target}, warm`);
    // Another target may have been built there last.
    if (options.buildTargets.at(-1) !== LIMITED.target) measureNode(sdkBuildArgs(roots.get(LIMITED.routes), LIMITED.target));
    rows.push(warmBuildRow(roots.get(LIMITED.routes), LIMITED.routes, LIMITED.target, options));
  }
  log(`build: peak RSS from ${rssSource}`);
  return rows;
}
