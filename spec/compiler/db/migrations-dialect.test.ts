/** compiler/db/migrations-dialect.ts and the lock's archive: which dialect a migrations folder is, and setting it aside. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { foreignMigrations, schemaImportOf } from "../../../compiler/db/migrations-dialect.ts";
import { archiveLockedMigrations, readLockedMigrations } from "../../../cli/db/lock.ts";
import { scratchDir } from "../../helpers/scratch.ts";

function folder(snapshots: Record<string, string>): { root: string; dir: string } {
  const root = scratchDir("migrations-dialect");
  const dir = path.join(root, "db", "migrations");
  mkdirSync(path.join(dir, "meta"), { recursive: true });
  for (const [name, dialect] of Object.entries(snapshots)) writeFileSync(path.join(dir, "meta", name), JSON.stringify({ id: name, prevId: "", dialect, tables: {} }));
  return { root, dir };
}

test("the newest snapshot decides; drizzle-kit's names map to the config's", () => {
  const { root, dir } = folder({ "20260101000000_init.json": "sqlite" });
  assert.equal(foreignMigrations(root, dir, "pg"), { dialect: "sqlite", snapshot: "db/migrations/meta/20260101000000_init.json" });
  assert.is(foreignMigrations(root, dir, "sqlite"), null);
  writeFileSync(path.join(dir, "meta", "20260102000000_init.json"), JSON.stringify({ dialect: "postgresql" }));
  assert.is(foreignMigrations(root, dir, "pg"), null, "the newest is PostgreSQL's");
  assert.equal(foreignMigrations(root, dir, "mysql")?.dialect, "pg");
  assert.is(foreignMigrations(root, path.join(root, "nowhere"), "pg"), null);
  writeFileSync(path.join(dir, "meta", "20260103000000_broken.json"), "{ not json");
  assert.is(foreignMigrations(root, dir, "mysql"), null, "an unreadable snapshot is left to the commands that read it");
});

test("the switch is shown at the first schema builder import, in db/schema.ts or db/schema/*.ts", () => {
  const root = scratchDir("schema-import");
  mkdirSync(path.join(root, "db", "schema"), { recursive: true });
  writeFileSync(path.join(root, "db", "schema.ts"), `export * from "./schema/posts";\n`);
  assert.is(schemaImportOf(root, root), null);
  writeFileSync(path.join(root, "db", "schema", "posts.ts"), `// posts\nimport { pgTable } from "sdk/schema-pg";\n`);
  assert.equal(schemaImportOf(root, root), { file: "db/schema/posts.ts", line: 2, column: 25 });
});

test("archiving a binding's lock history moves its entries unchanged and keeps the rest", () => {
  const root = scratchDir("lock-archive");
  const entry = { name: "20260101000000_init.sql", sha256: "a".repeat(64), appliedAt: "2026-01-01T00:00:00.000Z" };
  writeFileSync(path.join(root, "sdk.lock.json"), JSON.stringify({ migrations: { DB: [entry], OTHER: [] }, resolved: { x: 1 } }));
  assert.is(archiveLockedMigrations(root, "DB", "DB-sqlite"), 1);
  assert.equal(readLockedMigrations(root, "DB"), []);
  assert.equal(readLockedMigrations(root, "DB-sqlite"), [entry]);
  assert.equal(JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8")).resolved, { x: 1 });
  assert.is(archiveLockedMigrations(root, "DB", "DB-sqlite"), 0, "nothing left to move");
});

test.run();
