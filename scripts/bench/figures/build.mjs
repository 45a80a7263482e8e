// Figure 3: a cold `sdk build` (no .sdk/ or dist/ left from before) of generated apps with 10, 200
// and 1000 routes per target: wall time and peak RSS. The limit applies to 1000 routes on node.
import { clean, generateApp, sdkBuildArgs } from "../lib/apps.mjs";
import { measureNode, rssSource } from "../lib/measure-command.mjs";
import { median } from "../lib/stats.mjs";
import { limitRow } from "../lib/table.mjs";

const LIMITED = { routes: 1000, target: "node", seconds: 2.5, rssMB: 250 };

function coldBuild(root, target) {
  clean(root);
  return measureNode(sdkBuildArgs(root, target));
}

export async function buildFigure(options, log) {
  const rows = [];
  for (const routes of options.buildSizes) {
    const root = generateApp(routes);
    for (const target of options.buildTargets) {
      log(`build: ${routes} routes, ${target}`);
      const samples = Array.from({ length: options.buildRuns }, () => coldBuild(root, target));
      const limited = routes === LIMITED.routes && target === LIMITED.target;
      const figure = `build ${target} ${routes} routes`;
      rows.push(
        limitRow({ figure: `${figure} wall time`, ours: median(samples.map((s) => s.seconds)), unit: "s", limit: limited ? LIMITED.seconds : undefined }),
        limitRow({ figure: `${figure} peak RSS`, ours: median(samples.map((s) => s.rssMB)), unit: "MB", limit: limited ? LIMITED.rssMB : undefined }),
      );
    }
  }
  log(`build: peak RSS from ${rssSource}`);
  return rows;
}
