import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { UserError } from "../../../compiler/diagnostics.ts";
import { appendLockedMigrations, readLockedMigrations, type LockEntry } from "../../../cli/db/lock.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const SHA_A = "a".repeat(64);
const SHA_B = "b".repeat(64);
const first: LockEntry = { name: "20260101000000_users.sql", sha256: SHA_A, appliedAt: "2026-01-05T10:00:00.000Z" };
const second: LockEntry = { name: "20260102000000_posts.sql", sha256: SHA_B, appliedAt: "2026-01-06T10:00:00.000Z" };

const lockText = (root: string) => readFileSync(path.join(root, "sdk.lock.json"), "utf8");

test("no lock file: no history, and nothing is written until something is appended", () => {
  const root = scratchDir("lock");
  assert.equal(readLockedMigrations(root, "DB"), []);
  appendLockedMigrations(root, "DB", []);
  assert.equal(readdirSync(root), []);
});

test("appending writes the history under the binding, 2-space JSON with a trailing newline, and no temporary file stays", () => {
  const root = scratchDir("lock");
  appendLockedMigrations(root, "DB", [first]);
  assert.is(lockText(root), `${JSON.stringify({ migrations: { DB: [first] } }, null, 2)}\n`);
  assert.equal(readdirSync(root), ["sdk.lock.json"]);
  assert.equal(readLockedMigrations(root, "DB"), [first]);
});

test("the file's other keys are kept; keys are sorted, so the same history always reads the same", () => {
  const root = scratchDir("lock");
  writeFileSync(path.join(root, "sdk.lock.json"), JSON.stringify({ resolved: { d1_databases: [{ binding: "DB", database_id: "real" }] }, migrations: { OTHER: [second] } }));
  appendLockedMigrations(root, "DB", [first]);
  const lock = JSON.parse(lockText(root));
  assert.equal(Object.keys(lock), ["migrations", "resolved"]);
  assert.equal(Object.keys(lock.migrations), ["DB", "OTHER"]);
  assert.equal(lock.resolved, { d1_databases: [{ binding: "DB", database_id: "real" }] });
});

test("append-only: an entry already there keeps its hash and time, new ones go after it", () => {
  const root = scratchDir("lock");
  appendLockedMigrations(root, "DB", [first]);
  appendLockedMigrations(root, "DB", [{ ...first, sha256: SHA_B, appliedAt: "2027-01-01T00:00:00.000Z" }, second]);
  assert.equal(readLockedMigrations(root, "DB"), [first, second]);
});

test("a history that is not the documented shape is SDK_LOCK_INVALID at its path", () => {
  const cases: [unknown, string][] = [
    [[], "migrations"],
    [{ DB: {} }, "migrations.DB"],
    [{ DB: [{ ...first, sha256: "abc" }] }, "migrations.DB[0].sha256"],
    [{ DB: [first, { ...second, appliedAt: "yesterday" }] }, "migrations.DB[1].appliedAt"],
    [{ DB: [{ sha256: SHA_A, appliedAt: first.appliedAt }] }, "migrations.DB[0].name"],
  ];
  for (const [migrations, configPath] of cases) {
    const root = scratchDir("lock");
    writeFileSync(path.join(root, "sdk.lock.json"), JSON.stringify({ migrations }));
    try {
      readLockedMigrations(root, "DB");
      assert.unreachable(configPath);
    } catch (cause) {
      assert.instance(cause, UserError);
      const [diagnostic] = (cause as UserError).diagnostics;
      assert.equal([diagnostic.code, diagnostic.file, diagnostic.configPath], ["SDK_LOCK_INVALID", "sdk.lock.json", configPath]);
    }
  }
});

test.run();
