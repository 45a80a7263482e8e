/**
 * What a wrangler project brings besides its config: the D1 migrations folder, moved where
 * `sdk db migrate` reads it under the names its history records, and the worker's `main`,
 * mounted as a catch-all route or named with the next step when that cannot be done safely.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { adoptD1Migrations } from "../../../cli/migrate/d1-migrations.ts";
import { mountWorkerMain } from "../../../cli/migrate/worker-main.ts";
import { scratchDir } from "../../helpers/scratch.ts";

function project(files: Record<string, string>): string {
  const root = scratchDir("adopt");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const d1 = (entry: Record<string, unknown>) => ({ edge: { name: "w", d1_databases: [{ binding: "DB", database_name: "d", database_id: "id", ...entry }] } });

test("migrations_dir's .sql files move to db/migrations under their names; the field leaves the config; wrangler's local data is copied", () => {
  const root = project({ "sql/0001_a.sql": "A", "sql/0002_b.sql": "B", ".wrangler/state/v3/d1/x/db.sqlite": "data" });
  const adoption = adoptD1Migrations(root, d1({ migrations_dir: "sql" }));
  assert.equal(adoption.config, d1({}));
  assert.equal(adoption.moved, ["sql/0001_a.sql -> db/migrations/0001_a.sql", "sql/0002_b.sql -> db/migrations/0002_b.sql"]);
  assert.ok(existsSync(path.join(root, "sql")), "nothing moves before apply()");
  assert.match(adoption.apply().join("\n"), "copied to .sdk/state/v3/d1");
  assert.is(readFileSync(path.join(root, "db/migrations/0001_a.sql"), "utf8"), "A");
  assert.not.ok(existsSync(path.join(root, "sql")), "the emptied folder is gone");
  assert.is(readFileSync(path.join(root, ".sdk/state/v3/d1/x/db.sqlite"), "utf8"), "data");
});

test("the default migrations/ folder; a binding not named DB becomes inference.bindings.db", () => {
  const root = project({ "migrations/0001_a.sql": "A", "migrations/README.md": "keep me" });
  const config = { edge: { d1_databases: [{ binding: "NOTES", database_name: "d", database_id: "id" }] } };
  const adoption = adoptD1Migrations(root, config);
  assert.equal(adoption.config, { ...config, inference: { bindings: { db: "NOTES" } } });
  assert.equal(adoption.apply(), [], "no wrangler state to copy");
  assert.ok(existsSync(path.join(root, "db/migrations/0001_a.sql")));
  assert.ok(existsSync(path.join(root, "migrations/README.md")), "only migrations move");
});

test("what cannot move safely stays, with the reason: a misnamed file, a name taken, a folder outside the project, another history table", () => {
  const misnamed = project({ "migrations/init.sql": "A" });
  const first = adoptD1Migrations(misnamed, d1({}));
  assert.equal(first.moved, []);
  assert.match(first.notes[0], "init.sql is not named NNNN_name.sql");
  first.apply();
  assert.ok(existsSync(path.join(misnamed, "migrations/init.sql")));

  const multi = project({ "migrations/0001_a.sql": "A", "migrations/0002_b/1.sql": "B" });
  assert.match(adoptD1Migrations(multi, d1({})).notes[0], "0002_b is a folder of several files");
  const drizzle = project({ "migrations/0000_a.sql": "A", "migrations/meta/_journal.json": "{}" });
  assert.equal(adoptD1Migrations(drizzle, d1({})).moved, ["migrations/0000_a.sql -> db/migrations/0000_a.sql"], "drizzle-kit's meta/ is not a migration");

  const taken = project({ "migrations/0001_a.sql": "A", "db/migrations/0001_a.sql": "other" });
  assert.match(adoptD1Migrations(taken, d1({})).notes[0], "db/migrations/ already has 0001_a.sql");

  const outside = project({ "app/x": "", "shared/0001_a.sql": "A" });
  const far = adoptD1Migrations(path.join(outside, "app"), d1({ migrations_dir: "../shared" }));
  assert.equal(far.moved, []);
  assert.match(far.notes[0], "migrations_dir ../shared is outside the project, so its files are not moved");
  far.apply();
  assert.ok(existsSync(path.join(outside, "shared/0001_a.sql")));

  const table = project({ "migrations/0001_a.sql": "A" });
  const custom = adoptD1Migrations(table, d1({ migrations_table: "history" }));
  assert.equal(custom.moved, []);
  assert.match(custom.notes[0], "recorded them in the table history");
});

test("a project without D1 changes nothing", () => {
  const adoption = adoptD1Migrations(project({}), { edge: { name: "w" } });
  assert.equal([adoption.moved, adoption.notes, adoption.apply()], [[], [], []]);
});

test("a worker's default export with fetch is mounted at routes/[...path].ts; its other handlers are named", () => {
  const root = project({ "src/index.ts": "export default { async fetch() { return new Response('x') }, scheduled() {}, queue() {} } satisfies ExportedHandler;\n" });
  const mount = mountWorkerMain(root, "src/index.ts");
  assert.equal(mount.routes.map((r) => r.file), ["routes/[...path].ts", "routes/index.ts"]);
  assert.match(mount.routes[0]!.text, 'import worker from "../src/index.ts";');
  assert.match(mount.routes[0]!.text, "export const POST = defineHandler(forward);");
  assert.match(mount.routes[1]!.text, 'export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "./[...path].ts";');
  assert.equal(mount.notes.map((n) => n.split(" is not run")[0]), ["main src/index.ts's scheduled handler", "main src/index.ts's queue handler"]);
});

test("the scheduled handler runs from a crons/ file per expression of triggers.crons", () => {
  const root = project({ "src/index.ts": "export default { fetch() {}, scheduled() {} };\n" });
  const one = mountWorkerMain(root, "src/index.ts", "", ["*/5 * * * *"]);
  assert.equal(one.crons.map((c) => c.file), ["crons/worker.ts"]);
  assert.match(one.crons[0]!.text, 'export const cron = "*/5 * * * *";');
  assert.match(one.crons[0]!.text, 'import worker from "../src/index.ts";');
  assert.equal(one.notes, []);
  assert.equal(mountWorkerMain(root, "src/index.ts", "", ["0 3 * * *", "0 4 * * *"]).crons.map((c) => c.file), ["crons/worker-1.ts", "crons/worker-2.ts"]);
  mkdirSync(path.join(root, "crons"));
  writeFileSync(path.join(root, "crons", "worker.ts"), "");
  const taken = mountWorkerMain(root, "src/index.ts", "", ["*/5 * * * *"]);
  assert.equal(taken.crons, []);
  assert.match(taken.notes[0]!, "crons/worker.ts exists already");
});

test("a Hono app (export default app) is mounted; an exported durable object class is named", () => {
  const root = project({ "src/index.ts": "import { Hono } from 'hono';\nconst app = new Hono();\nexport class Counter {}\nexport default app;\n" });
  const mount = mountWorkerMain(root, "./src/index.ts", "app");
  assert.equal(mount.routes.map((r) => r.file), ["app/routes/[...path].ts", "app/routes/index.ts"]);
  assert.match(mount.routes[0]!.text, 'import worker from "../../src/index.ts";');
  assert.match(mount.notes[0], "exports the class Counter");
});

test("what cannot be mounted is a note with the next step, never a route", () => {
  const cases: Record<string, string> = {
    "export default class extends WorkerEntrypoint { fetch() {} }\n": "default-exports a class",
    "export const handler = 1;\n": "has no default export",
    "export default { scheduled() {} };\n": "has no fetch handler",
    "export default {\n": "does not parse",
  };
  for (const [text, note] of Object.entries(cases)) {
    const mount = mountWorkerMain(project({ "src/index.ts": text }), "src/index.ts");
    assert.equal(mount.routes, [], text);
    assert.match(mount.notes.join("\n"), note);
  }
  assert.match(mountWorkerMain(project({}), "src/index.ts").notes[0], "main src/index.ts does not exist");
  assert.match(mountWorkerMain(project({ "src/index.ts": "export default app;", "routes/[...path].ts": "" }), "src/index.ts").notes.at(-1)!, "exists already");
  assert.equal(mountWorkerMain(project({}), undefined), { routes: [], crons: [], notes: [] });
  const withIndex = mountWorkerMain(project({ "src/index.ts": "export default app;", "routes/index.ts": "" }), "src/index.ts");
  assert.equal(withIndex.routes.map((r) => r.file), ["routes/[...path].ts"]);
  assert.match(withIndex.notes.at(-1)!, "routes/index.ts exists already, so it answers /");
});

test.run();
