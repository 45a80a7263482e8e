// Runs a worker module in workerd through Miniflare with the options `sdk preview` derives from a
// wrangler.json, so ours and the hand-written workers pass the same entry and asset-router
// workers. `--no-assets` drops the asset layer (the worker never calls it) so throughput measures
// the worker behind Miniflare's entry worker alone. `--persist <dir>` is the bindings' local state
// (a D1 database's SQLite file), as `.sdk/state/v3` is for `sdk preview`; without it D1 starts
// empty in memory. A Hyperdrive binding reaches `DATABASE_URL`, as under `sdk preview`.
// Usage: node serve-worker.mjs <wrangler.json> <worker.mjs> [--no-assets] [--persist <dir>]
//        (PORT, HOST and DATABASE_URL from env)
import path from "node:path";
import { parseArgs } from "node:util";
import { workerMiniflare } from "./worker-miniflare.mjs";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "no-assets": { type: "boolean", default: false }, persist: { type: "string" } },
});
const [wranglerPath, workerPath] = positionals;
const mf = workerMiniflare(wranglerPath, workerPath, {
  listen: { port: Number(process.env.PORT ?? 8787), host: process.env.HOST ?? "127.0.0.1" },
  assets: !values["no-assets"],
  persistRoot: values.persist && path.resolve(values.persist),
});
const url = await mf.ready;
console.log(`Listening on ${url.origin}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void mf.dispose().then(() => process.exit(0)));
