import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { UserError } from "../../../compiler/diagnostics.ts";
import { listMigrationFiles, migrationHash, migrationNameProblem } from "../../../cli/db/migration-files.ts";
import { scratchDir } from "../../helpers/scratch.ts";

function folderWith(files: Record<string, string>): { root: string; dir: string } {
  const root = scratchDir("migration-files");
  const dir = path.join(root, "db", "migrations");
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { root, dir };
}

test("a migration is named by a real UTC time to the second and a lowercase snake_case name", () => {
  assert.is(migrationNameProblem("20261125093000_add_tags.sql"), null);
  assert.is(migrationNameProblem("20240229000000_leap_day.sql"), null);
  for (const name of ["init.sql", "20261125093000-add-tags.sql", "20261125093000_AddTags.sql", "20261125093000_add_tags.SQL", "2026112509300_short.sql", "20261125093000_.sql", "0001_.sql"]) {
    assert.is(migrationNameProblem(name), "is not named YYYYMMDDHHMMSS_name.sql (nor NNNN_name.sql, as wrangler numbers them)", name);
  }
  assert.match(migrationNameProblem("20261301000000_month_13.sql")!, "20261301000000, which is not a real date and time");
  assert.match(migrationNameProblem("20250229000000_not_leap.sql")!, "not a real date and time");
  assert.match(migrationNameProblem("20261125246000_hour_24.sql")!, "not a real date and time");
});

test("files are listed in name order, which is time order, with their text and sha256", () => {
  const { root, dir } = folderWith({ "20260102000000_b.sql": "B", "20260101000000_z.sql": "Z", "20260101000000_a.sql": "A" });
  const files = listMigrationFiles(root, dir);
  assert.equal(files.map((f) => f.name), ["20260101000000_a.sql", "20260101000000_z.sql", "20260102000000_b.sql"]);
  assert.equal(files[0], { name: "20260101000000_a.sql", file: "db/migrations/20260101000000_a.sql", text: "A", sha256: migrationHash("A") });
});

test("wrangler's numbered files keep their names and apply first, by number, then the timestamped ones", () => {
  assert.is(migrationNameProblem("0001_create notes-Table.sql"), null);
  const { root, dir } = folderWith({ "20260101000000_a.sql": "A", "0010_ten.sql": "10", "0002_two.sql": "2", "9_nine.sql": "9" });
  assert.equal(listMigrationFiles(root, dir).map((f) => f.name), ["0002_two.sql", "9_nine.sql", "0010_ten.sql", "20260101000000_a.sql"]);
});

test("subfolders (drizzle-kit's meta/) and hidden files are not migrations", () => {
  const { root, dir } = folderWith({ "20260101000000_a.sql": "A", "meta/_journal.json": "{}", ".gitkeep": "" });
  assert.equal(listMigrationFiles(root, dir).map((f) => f.name), ["20260101000000_a.sql"]);
});

test("every misnamed file is reported at once, by name, with the rule", () => {
  const { root, dir } = folderWith({ "20260101000000_a.sql": "A", "wrangler.sql": "", "notes.md": "" });
  try {
    listMigrationFiles(root, dir);
    assert.unreachable("misnamed files must stop the listing");
  } catch (cause) {
    assert.instance(cause, UserError);
    const diagnostics = (cause as UserError).diagnostics;
    assert.equal(diagnostics.map((d) => [d.code, d.file]).sort(), [["SDK_MIGRATION_NAME", "db/migrations/notes.md"], ["SDK_MIGRATION_NAME", "db/migrations/wrangler.sql"]]);
    assert.match(diagnostics[0].message, "is not named YYYYMMDDHHMMSS_name.sql (nor NNNN_name.sql, as wrangler numbers them), so it would never be applied");
    assert.match(diagnostics[0].hint!, "20261125093000_add_tags.sql");
  }
});

test("no folder, no migrations", () => {
  const root = scratchDir("migration-files");
  assert.equal(listMigrationFiles(root, path.join(root, "db", "migrations")), []);
});

test("the hash is the text's sha256 with CRLF line endings read as LF, so a Windows checkout is not an edit", () => {
  assert.is(migrationHash("CREATE TABLE a (\r\n  id int\r\n);\r\n"), migrationHash("CREATE TABLE a (\n  id int\n);\n"));
  assert.is.not(migrationHash("SELECT 1;"), migrationHash("SELECT 2;"));
  assert.is(migrationHash(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
});

test.run();
