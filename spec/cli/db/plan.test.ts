import { test } from "uvu";
import * as assert from "uvu/assert";
import type { LockEntry } from "../../../cli/db/lock.ts";
import { migrationHash, type MigrationFile } from "../../../cli/db/migration-files.ts";
import { planMigrations, timestampOf, type AppliedRow } from "../../../cli/db/plan.ts";

const NOW = new Date("2026-11-25T09:30:00Z");
const A = "20260101000000_users.sql";
const B = "20260102000000_posts.sql";
const C = "20260103000000_tags.sql";

function file(name: string, text = `-- ${name}`): MigrationFile {
  return { name, file: `db/migrations/${name}`, text, sha256: migrationHash(text) };
}
const row = (name: string): AppliedRow => ({ name, appliedAt: "2026-01-05T10:00:00.000Z" });
const entry = (name: string, text = `-- ${name}`): LockEntry => ({ name, sha256: migrationHash(text), appliedAt: "2026-01-05T10:00:00.123Z" });

function plan(files: MigrationFile[], applied: AppliedRow[], locked: LockEntry[]) {
  return planMigrations({ files, applied, locked, folder: "db/migrations", now: NOW });
}

test("on a new database every file is pending, in name order", () => {
  const result = plan([file(A), file(B)], [], []);
  assert.equal(result.pending.map((f) => f.name), [A, B]);
  assert.equal(result.statuses.map((s) => s.state), ["pending", "pending"]);
  assert.equal(result.problems, []);
});

test("what the database's history has is applied; the rest is pending", () => {
  const result = plan([file(A), file(B), file(C)], [row(A), row(B)], [entry(A), entry(B)]);
  assert.equal(result.pending.map((f) => f.name), [C]);
  assert.equal(result.statuses, [
    { name: A, state: "applied", appliedAt: "2026-01-05T10:00:00.000Z", locked: true },
    { name: B, state: "applied", appliedAt: "2026-01-05T10:00:00.000Z", locked: true },
    { name: C, state: "pending", locked: false },
  ]);
});

test("an applied file whose sha256 differs from the lock is refused, naming the file", () => {
  const result = plan([file(A, "CREATE TABLE users (id int, email text);"), file(B)], [row(A)], [entry(A, "CREATE TABLE users (id int);")]);
  assert.equal(result.problems.map((d) => [d.code, d.file]), [["SDK_MIGRATION_CHANGED", `db/migrations/${A}`]]);
  assert.match(result.problems[0].message, `${A} was edited after it was applied`);
  assert.is(result.statuses[0].state, "changed");
});

test("a locked file edited before this database applied it is refused too: the lock pins it for every copy", () => {
  const result = plan([file(A, "edited")], [], [entry(A, "as applied elsewhere")]);
  assert.equal(result.problems.map((d) => d.code), ["SDK_MIGRATION_CHANGED"]);
  assert.equal(result.pending, []);
});

test("an applied file that is gone is refused, whether the database or the lock knows it", () => {
  const result = plan([file(C)], [row(A)], [entry(A), entry(B)]);
  assert.equal(result.problems.map((d) => [d.code, d.file]), [["SDK_MIGRATION_MISSING", `db/migrations/${A}`], ["SDK_MIGRATION_MISSING", `db/migrations/${B}`]]);
  assert.match(result.problems[0].message, "the database's history records it");
  assert.match(result.problems[1].message, "sdk.lock.json records it");
});

test("a new file dated before the last applied one is refused, naming both and a name that sorts after", () => {
  const result = plan([file(A), file(B), file("20260101120000_late.sql")], [row(A), row(B)], [entry(A), entry(B)]);
  assert.equal(result.problems.map((d) => [d.code, d.file]), [["SDK_MIGRATION_ORDER", "db/migrations/20260101120000_late.sql"]]);
  assert.match(result.problems[0].message, `20260101120000_late.sql is dated before ${B}`);
  assert.match(result.problems[0].hint!, "20261125093000_late.sql");
  assert.equal(result.pending, []);
});

test("a new file dated before the lock's last entry is out of order even where that one is not applied yet", () => {
  const result = plan([file(A), file(B), file("20260101120000_late.sql")], [row(A)], [entry(A), entry(B)]);
  assert.equal(result.problems.map((d) => d.code), ["SDK_MIGRATION_ORDER"]);
});

test("a fresh database applies what the lock records, in order, without complaint", () => {
  const result = plan([file(A), file(B)], [], [entry(A), entry(B)]);
  assert.equal(result.problems, []);
  assert.equal(result.pending.map((f) => f.name), [A, B]);
  assert.equal(result.statuses.map((s) => s.locked), [true, true]);
});

test("a migration applied outside sdk (wrangler) is recorded with the file's hash and the database's time", () => {
  const result = plan([file(A), file(B)], [row(A)], []);
  assert.equal(result.unrecorded, [{ name: A, sha256: file(A).sha256, appliedAt: "2026-01-05T10:00:00.000Z" }]);
  assert.equal(result.pending.map((f) => f.name), [B]);
});

test("wrangler's numbered migrations, applied by wrangler, come before sdk's timestamped ones: only the new ones are pending", () => {
  const result = plan([file(A), file("0002_b.sql"), file("0010_c.sql")], [row("0002_b.sql"), row("0010_c.sql")], []);
  assert.equal(result.problems, []);
  assert.equal(result.unrecorded.map((e) => e.name), ["0002_b.sql", "0010_c.sql"]);
  assert.equal(result.pending.map((f) => f.name), [A]);
  assert.equal(result.statuses.map((s) => s.name), ["0002_b.sql", "0010_c.sql", A]);
});

test("a numbered file added after a timestamped one was applied is out of order, with a timestamped name as the way out", () => {
  const result = plan([file(A), file("0003_late.sql")], [row(A)], [entry(A)]);
  assert.equal(result.problems.map((d) => d.code), ["SDK_MIGRATION_ORDER"]);
  assert.match(result.problems[0].hint!, "20261125093000_late.sql");
});

test("timestamps are UTC to the second, as file names start", () => {
  assert.is(timestampOf(new Date("2026-03-04T05:06:07.890Z")), "20260304050607");
});

test.run();
