// Database round trip: CPU time per request of workerd's process group (which decides) and
// requests per second for a route that reads one row by its primary key
// through `sdk/db` (apps/db-<dialect>, built by `sdk build --target edge`), against the same Drizzle
// query in a hand-written Hono worker (baselines/db-worker-<dialect>.mjs), per database, both in
// workerd through Miniflare without the asset layer. Both read the same 100 rows, migrated by our
// CLI: D1 from their own copy of one local state, PostgreSQL and MySQL from one fresh database on
// this machine's server through Miniflare's Hyperdrive stand-in.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BENCH_ROOT, build, copyApp, migrateDatabase, scratchDir } from "../lib/apps.mjs";
import { bundleWorker } from "../lib/bundle-worker.mjs";
import { copyLocalState, runInLocalD1 } from "../lib/d1-state.mjs";
import { compareUnderLoad, loadRows } from "../lib/load-comparison.mjs";
import { runCommand } from "../lib/runtimes.mjs";
import { withServerDatabase } from "../lib/server-databases.mjs";
import { startCandidates } from "../lib/servers.mjs";

const URL_PATH = "/api/posts/42";
const TARGET = 0.95;
const ROWS = 100;
/** The same statement in every dialect: the apps' posts tables differ only in their column types. */
const SEED = `INSERT INTO posts (id, title) VALUES ${Array.from({ length: ROWS }, (_, index) => `(${index + 1}, 'post ${index + 1}')`).join(", ")}`;

const DATABASES = [
  { name: "D1", dialect: "sqlite", app: "db-d1", baseline: "db-worker-d1.mjs" },
  { name: "PostgreSQL", dialect: "pg", app: "db-pg", baseline: "db-worker-pg.mjs" },
  { name: "MySQL", dialect: "mysql", app: "db-mysql", baseline: "db-worker-mysql.mjs" },
];

/**
 * Ours (the build in `serverDir`) against the database's baseline; `reach(candidate)` gives each
 * worker the flags and environment that lead it to the data.
 */
async function compare(database, serverDir, reach, options) {
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const baseline = path.join(BENCH_ROOT, "baselines", database.baseline);
  const candidates = [
    { name: "ours", file: path.join(serverDir, "index.mjs") },
    { name: "baseline", file: await bundleWorker(baseline, scratchDir(`db-baseline-${database.dialect}`)) },
  ];
  const start = () => startCandidates(candidates, (candidate) => {
    const { flags, env } = reach(candidate);
    return { ...runCommand("edge", candidate.file, wranglerJson, ["--no-assets", ...flags]), env, readyPath: URL_PATH };
  });
  const measured = (await compareUnderLoad(candidates, [URL_PATH], start, options))[URL_PATH];
  return loadRows({
    figure: `db ${database.name} workerd GET /api/posts/:id (one row) vs Hono + drizzle`,
    ours: measured.ours,
    baseline: measured.baseline,
    target: TARGET,
  });
}

/** D1: migrated and seeded in the app copy's local state, then a copy of that state per worker. */
async function measureD1(database, options) {
  const root = copyApp(database.app);
  migrateDatabase(root);
  const serverDir = build(root, "edge");
  await runInLocalD1(root, JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")), SEED);
  return compare(database, serverDir, (candidate) => ({
    flags: ["--persist", copyLocalState(root, scratchDir(`db-d1-state-${candidate.name}`))],
    env: {},
  }), options);
}

/** PostgreSQL and MySQL: one fresh database, migrated and seeded, reached by both workers. */
function measureServer(database, options) {
  return withServerDatabase(database.dialect, async ({ url, query }) => {
    const env = { DATABASE_URL: url };
    const root = copyApp(database.app);
    migrateDatabase(root, env);
    await query(SEED);
    const serverDir = build(root, "edge");
    return compare(database, serverDir, () => ({ flags: [], env }), options);
  });
}

export async function db(options, log) {
  const rows = [];
  for (const database of DATABASES) {
    log(`db ${database.name} on workerd`);
    rows.push(...(await (database.dialect === "sqlite" ? measureD1(database, options) : measureServer(database, options))));
  }
  return rows;
}
