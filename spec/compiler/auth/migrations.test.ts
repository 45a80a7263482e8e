/**
 * better-auth's tables through the app's migration pipeline (what `sdk db generate` diffs): every
 * dialect creates the four tables with foreign keys to user; MySQL's ids are varchar(36) so they
 * can be keys; a table of the app's that takes an auth table's name is refused.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withAuthTables } from "../../../compiler/auth/tables.ts";
import type { Dialect } from "../../../compiler/db/database.ts";
import { UserError } from "../../../compiler/diagnostics.ts";
import { generateMigration } from "../../../compiler/db/generate.ts";
import { integer, sqliteTable, text } from "../../../runtime/db/schema-sqlite.ts";

async function statements(dialect: Dialect, own: Record<string, unknown> = {}): Promise<string> {
  const migration = await generateMigration({ dialect, tables: await withAuthTables(dialect, own, null), previous: null, renames: [], allowDataLoss: false });
  return migration.statements.join("\n");
}

test("sqlite: the four tables, the session and account keys to user with ON DELETE cascade, beside the app's own", async () => {
  const notes = sqliteTable("notes", { id: integer("id").primaryKey(), body: text("body") });
  const sql = await statements("sqlite", { notes });
  for (const table of ["user", "session", "account", "verification", "notes"]) assert.match(sql, `CREATE TABLE \`${table}\``);
  assert.is(sql.match(/FOREIGN KEY \(`user_id`\) REFERENCES `user`\(`id`\) ON UPDATE no action ON DELETE cascade/g)?.length, 2);
  assert.match(sql, "CREATE UNIQUE INDEX `user_email_unique`");
});

test("pg: the four tables and their foreign keys", async () => {
  const sql = await statements("pg");
  for (const table of ["user", "session", "account", "verification"]) assert.match(sql, `CREATE TABLE "${table}"`);
  assert.match(sql, 'ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade');
  assert.match(sql, '"email_verified" boolean DEFAULT false NOT NULL');
});

test("mysql: ids and user_id are varchar(36), indexed strings varchar(255), so the keys and indexes are valid", async () => {
  const sql = await statements("mysql");
  assert.is(sql.match(/`id` varchar\(36\) NOT NULL/g)?.length, 4);
  assert.is(sql.match(/`user_id` varchar\(36\) NOT NULL/g)?.length, 2);
  assert.match(sql, "`email` varchar(255) NOT NULL");
  assert.match(sql, "`token` varchar(255) NOT NULL");
  assert.match(sql, "`identifier` varchar(255) NOT NULL");
  assert.match(sql, "FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON DELETE cascade");
  assert.not.match(sql, /`(id|user_id|email|token|identifier)` text/);
});

test("an app table named like an auth table is SDK_AUTH_TABLE_CONFLICT at db/schema.ts", async () => {
  const users = sqliteTable("user", { id: integer("id").primaryKey() });
  try {
    await withAuthTables("sqlite", { users }, "db/schema.ts");
    assert.unreachable();
  } catch (error) {
    assert.instance(error, UserError);
    assert.equal((error as UserError).diagnostics.map((d) => [d.code, d.file]), [["SDK_AUTH_TABLE_CONFLICT", "db/schema.ts"]]);
  }
});

test.run();
