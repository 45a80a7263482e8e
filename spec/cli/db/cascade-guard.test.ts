import { test } from "uvu";
import * as assert from "uvu/assert";
import { dataLossDiagnostics, droppedTables, findDataLoss, type ForeignKeyRule } from "../../../cli/db/cascade-guard.ts";
import { migrationHash } from "../../../cli/db/migration-files.ts";
import { splitStatements } from "../../../cli/db/statements.ts";
import { tableName } from "../../../cli/db/table-changes.ts";

const RULES: ForeignKeyRule[] = [
  { child: "posts", parent: "users", onDelete: "CASCADE" },
  { child: "comments", parent: "users", onDelete: "SET NULL" },
  { child: "users", parent: "users", onDelete: "CASCADE" },
];

/** drizzle-kit's SQLite rebuild, as it writes it. */
const DRIZZLE_REBUILD = `PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE \`__new_users\` (
	\`id\` integer PRIMARY KEY NOT NULL,
	\`email\` text
);
--> statement-breakpoint
INSERT INTO \`__new_users\`("id") SELECT "id" FROM \`users\`;--> statement-breakpoint
DROP TABLE \`users\`;--> statement-breakpoint
ALTER TABLE \`__new_users\` RENAME TO \`users\`;--> statement-breakpoint
PRAGMA foreign_keys=ON;`;

const lossesIn = (sql: string, rules = RULES) => findDataLoss(splitStatements(sql), rules).map((l) => [l.table, l.child, l.onDelete, l.rebuilt]);

test("names are read quoted, bracketed or schema-qualified, without case", () => {
  for (const raw of ['"Users"', "`users`", "[users]", "public.users", '"public"."USERS"', "main.`users`"]) assert.is(tableName(raw), "users", raw);
  assert.is(tableName('"odd ""name"""'), 'odd "name"');
});

test("drizzle's rebuild of a referenced table is found as a rebuild, for each CASCADE or SET NULL child", () => {
  assert.equal(lossesIn(DRIZZLE_REBUILD), [["users", "posts", "CASCADE", true], ["users", "comments", "SET NULL", true]]);
  const [loss] = findDataLoss(splitStatements(DRIZZLE_REBUILD), RULES);
  assert.is(loss.statement.line, 8);
});

test("a plain DROP TABLE, with IF EXISTS, in a list or with CASCADE, is found", () => {
  assert.equal(lossesIn("DROP TABLE users;"), [["users", "posts", "CASCADE", false], ["users", "comments", "SET NULL", false]]);
  assert.equal(lossesIn('DROP TABLE IF EXISTS "public"."users" CASCADE;', RULES.slice(0, 1)), [["users", "posts", "CASCADE", false]]);
  assert.equal(lossesIn("DROP TABLE tags, users;", RULES.slice(0, 1)), [["users", "posts", "CASCADE", false]]);
});

test("a table renamed away and then dropped is the table the database knows (PostgreSQL and MySQL spellings)", () => {
  const pg = "ALTER TABLE users RENAME TO users_old;\nCREATE TABLE users (id int);\nINSERT INTO users SELECT id FROM users_old;\nDROP TABLE users_old CASCADE;";
  assert.equal(lossesIn(pg, RULES.slice(0, 1)), [["users", "posts", "CASCADE", true]]);
  assert.equal(droppedTables(splitStatements(pg))[0].droppedAs, "users_old");
  assert.equal(lossesIn("RENAME TABLE tags TO tags_old, users TO users_old;\nDROP TABLE users_old;", RULES.slice(0, 1)), [["users", "posts", "CASCADE", false]]);
});

test("nothing is found for tables no other table references that way, or that the migration made", () => {
  assert.equal(lossesIn("DROP TABLE tags;"), []);
  assert.equal(lossesIn("ALTER TABLE users RENAME TO people;\nCREATE TABLE users (id int);\nDROP TABLE users;"), [], "the new users is not the referenced one");
  assert.equal(lossesIn("ALTER TABLE users RENAME COLUMN name TO full_name;\nALTER TABLE users ADD email text;"), []);
  assert.equal(lossesIn("DELETE FROM users;\nSELECT 'DROP TABLE users';"), []);
  assert.equal(lossesIn("DROP TABLE users;", [{ child: "posts", parent: "people", onDelete: "CASCADE" }]), []);
});

test("a child the migration drops for good is not counted, nor a table referencing itself", () => {
  assert.equal(lossesIn("DROP TABLE posts;\nDROP TABLE comments;\nDROP TABLE users;"), []);
  assert.equal(lossesIn("DROP TABLE comments;\nDROP TABLE users;"), [["users", "posts", "CASCADE", false]]);
});

test("the diagnostic names the file and line, the table, the child and its rule, and the flag", () => {
  const file = { name: "20260105000000_user_email.sql", file: "db/migrations/20260105000000_user_email.sql", text: DRIZZLE_REBUILD, sha256: migrationHash(DRIZZLE_REBUILD) };
  const [cascade, setNull] = dataLossDiagnostics(file, findDataLoss(splitStatements(DRIZZLE_REBUILD), RULES), "sqlite");
  assert.equal([cascade.code, cascade.file, cascade.line], ["SDK_MIGRATION_DATA_LOSS", file.file, 8]);
  assert.match(cascade.message, "20260105000000_user_email.sql rebuilds table users (the old one is dropped), which posts references with ON DELETE CASCADE");
  assert.match(cascade.message, "deletes every row of posts");
  assert.match(setNull.message, "sets to NULL the reference of every row of comments");
  assert.match(cascade.hint!, "--allow-data-loss");
  const [pg] = dataLossDiagnostics(file, findDataLoss(splitStatements(DRIZZLE_REBUILD), RULES), "pg");
  assert.match(pg.message, "drops the foreign key of posts");
});

test.run();
