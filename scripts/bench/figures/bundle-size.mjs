// Figure 5: the size of the edge worker for the hello app (dist/server/index.mjs), raw and
// gzipped, against a hand-written Hono worker bundled as ours is (lib/bundle-worker.mjs).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { bundleWorker } from "../lib/bundle-worker.mjs";
import { ratioRow } from "../lib/table.mjs";

function sizes(file) {
  const bytes = readFileSync(file);
  return { raw: bytes.length / 1000, gzip: gzipSync(bytes).length / 1000 };
}

export async function bundleSize(options, log) {
  log("bundle size");
  const ours = sizes(path.join(builtApp("hello", "edge"), "index.mjs"));
  const hono = sizes(await bundleWorker(path.join(BENCH_ROOT, "baselines", "hono-worker.mjs"), scratchDir("hono-worker-size")));
  return ["raw", "gzip"].map((kind) => ratioRow({
    figure: `bundle size edge worker (${kind}) vs Hono worker`,
    ours: ours[kind],
    baseline: hono[kind],
    unit: "kB",
    better: "lower",
    target: 1.2,
  }));
}
