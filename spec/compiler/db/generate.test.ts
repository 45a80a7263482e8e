/** compiler/db/generate.ts with drizzle-kit itself: real tables in, real statements out, per dialect. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { pgTable, serial, text as pgText } from "drizzle-orm/pg-core";
import { int, mysqlTable, varchar } from "drizzle-orm/mysql-core";
import { UserError } from "../../../compiler/diagnostics.ts";
import { generateMigration, type GenerateInput } from "../../../compiler/db/generate.ts";
import { parseRename } from "../../../compiler/db/renames.ts";

const defaults = { previous: null, renames: [], allowDataLoss: false } satisfies Partial<GenerateInput>;

async function refusal(input: GenerateInput): Promise<string[]> {
  try {
    await generateMigration(input);
  } catch (cause) {
    if (cause instanceof UserError) return cause.diagnostics.map((d) => `${d.code}: ${d.message} | ${d.hint}`);
    throw cause;
  }
  throw new Error("expected the migration to be refused");
}

const users = sqliteTable("users", { id: integer("id").primaryKey(), name: text("name") });
const posts = sqliteTable("posts", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  authorId: integer("author_id").references(() => users.id, { onDelete: "cascade" }),
});

test("the first migration creates every table, in the dialect asked for", async () => {
  const sqlite = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users, posts } });
  assert.is(sqlite.statements.length, 2);
  assert.match(sqlite.statements.join("\n"), /CREATE TABLE `posts`[\s\S]*ON DELETE cascade/);
  const pg = await generateMigration({ ...defaults, dialect: "pg", tables: { users: pgTable("users", { id: serial("id").primaryKey(), name: pgText("name") }) } });
  assert.match(pg.statements[0]!, /CREATE TABLE "users" \(\n\t"id" serial PRIMARY KEY NOT NULL/);
  const mysql = await generateMigration({ ...defaults, dialect: "mysql", tables: { users: mysqlTable("users", { id: int("id").primaryKey().autoincrement(), name: varchar("name", { length: 80 }) }) } });
  assert.match(mysql.statements[0]!, /CREATE TABLE `users` \(\n\t`id` int AUTO_INCREMENT NOT NULL/);
});

test("an unchanged schema generates no statements; the snapshot links to the one before", async () => {
  const first = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users } });
  const second = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users }, previous: first.snapshot });
  assert.equal(second.statements, []);
  assert.is(second.snapshot.prevId, first.snapshot.id);
});

test("a column gone while another is new is never guessed: refused with the --rename that settles it", async () => {
  const first = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users } });
  const renamed = sqliteTable("users", { id: integer("id").primaryKey(), fullName: text("full_name") });
  const problems = await refusal({ ...defaults, dialect: "sqlite", tables: { users: renamed }, previous: first.snapshot });
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, "SDK_DB_RENAME_AMBIGUOUS: In table users, column name is gone and full_name is new");
  assert.match(problems[0]!, "--rename users.name:full_name");

  const settled = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users: renamed }, previous: first.snapshot, renames: [parseRename("users.name:full_name")!] });
  assert.equal(settled.statements, ["ALTER TABLE `users` RENAME COLUMN `name` TO `full_name`;"]);
});

test("a table gone while another is new is refused until --rename old:new; PostgreSQL quotes its own way", async () => {
  const before = { users: pgTable("users", { id: serial("id").primaryKey() }) };
  const after = { members: pgTable("members", { id: serial("id").primaryKey() }) };
  const first = await generateMigration({ ...defaults, dialect: "pg", tables: before });
  const problems = await refusal({ ...defaults, dialect: "pg", tables: after, previous: first.snapshot });
  assert.match(problems[0]!, "Table users is gone and members is new");
  const settled = await generateMigration({ ...defaults, dialect: "pg", tables: after, previous: first.snapshot, renames: [parseRename("users:members")!] });
  assert.equal(settled.statements, ['ALTER TABLE "users" RENAME TO "members";']);
});

test("a --rename that names what is not there is refused with what is wrong", async () => {
  const first = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users } });
  const problems = await refusal({ ...defaults, dialect: "sqlite", tables: { users }, previous: first.snapshot, renames: [parseRename("users.nick:handle")!] });
  assert.equal(problems.map((p) => p.split(" | ")[0]), ["SDK_DB_RENAME_INVALID: --rename users.nick:handle: column users.nick is not in the last migration."]);
  assert.is(parseRename("users.name"), null);
  assert.equal(parseRename("users:members"), { kind: "table", from: "users", to: "members" });
});

test("rebuilding a table that another references ON DELETE CASCADE is refused; allowed, the risk is reported", async () => {
  const first = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users, posts } });
  // SQLite changes a column's nullability by rebuilding the table: new table, copy, DROP, rename.
  const stricter = sqliteTable("users", { id: integer("id").primaryKey(), name: text("name").notNull() });
  const problems = await refusal({ ...defaults, dialect: "sqlite", tables: { users: stricter, posts }, previous: first.snapshot });
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, "SDK_DB_DATA_LOSS: This migration would lose data: rebuilding table users deletes every row of posts (its foreign key is ON DELETE CASCADE)");
  assert.match(problems[0]!, "--allow-data-loss");

  const allowed = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users: stricter, posts }, previous: first.snapshot, allowDataLoss: true });
  assert.match(allowed.statements.join("\n"), /DROP TABLE `users`/);
  assert.equal(allowed.risks, ["rebuilding table users deletes every row of posts (its foreign key is ON DELETE CASCADE)"]);
});

test("dropping a table nothing references, or its children with it, is not a risk", async () => {
  const first = await generateMigration({ ...defaults, dialect: "sqlite", tables: { users, posts } });
  const dropped = await generateMigration({ ...defaults, dialect: "sqlite", tables: {}, previous: first.snapshot });
  assert.equal(dropped.risks, []);
  assert.is(dropped.statements.filter((s) => s.startsWith("DROP TABLE")).length, 2);
});

test.run();
