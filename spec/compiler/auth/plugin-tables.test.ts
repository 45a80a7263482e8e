/**
 * better-auth's tables for an app's options as Drizzle tables (runtime/auth/plugin-tables.ts and
 * field-columns.ts): the four rebuilt from better-auth's fields are exactly the static ones in
 * every dialect, so a plugin that extends one changes only its own columns; each field type maps
 * to its dialect's column; twoFactor's table and column and `additionalFields` arrive.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import type { BetterAuthOptions } from "better-auth";
import { twoFactor, username } from "better-auth/plugins";
import type { Dialect } from "../../../compiler/db/database.ts";
import { snapshotOf, type Snapshot } from "../../../compiler/db/drizzle-kit.ts";
import { DIALECT_COLUMNS, STATIC_AUTH_TABLES } from "../../../compiler/auth/tables.ts";
import { AuthFieldError, authTablesFor } from "../../../runtime/auth/plugin-tables.ts";

const DIALECTS: Dialect[] = ["sqlite", "pg", "mysql"];

async function tablesFor(dialect: Dialect, options: BetterAuthOptions): Promise<Record<string, Table>> {
  return authTablesFor(options, await STATIC_AUTH_TABLES[dialect](), DIALECT_COLUMNS[dialect]);
}

/** Columns as drizzle-kit sees them: what a migration is generated from. */
async function columnsOf(dialect: Dialect, tables: Record<string, unknown>, table: string): Promise<Snapshot["tables"][string]> {
  const snapshot = await snapshotOf(dialect, tables);
  return Object.values(snapshot.tables).find((t) => t.name === table)!;
}

for (const dialect of DIALECTS) {
  test(`${dialect}: the four built from better-auth's fields are the static tables, column for column`, async () => {
    const statics = await STATIC_AUTH_TABLES[dialect]();
    const withField = await tablesFor(dialect, { user: { additionalFields: { nickname: { type: "string", required: false } } } });
    assert.is.not(withField.user, statics.user, "an extended user is rebuilt");
    assert.is(withField.session, statics.session, "an untouched table is the static one");
    // Every one of the four rebuilt: their snapshot must be the static tables' own.
    const rebuilt = await tablesFor(dialect, Object.fromEntries(["user", "session", "account", "verification"].map((model) => [model, { additionalFields: { extra: { type: "string", required: false } } }])));
    const generated = await snapshotOf(dialect, rebuilt);
    for (const table of Object.values(generated.tables)) delete table.columns.extra;
    assert.equal(generated.tables, (await snapshotOf(dialect, statics)).tables);
  });
}

test("sqlite, pg, mysql: each field type's column", async () => {
  const fields: NonNullable<NonNullable<BetterAuthOptions["user"]>["additionalFields"]> = {
    text: { type: "string", required: false },
    keyed: { type: "string", required: false, index: true },
    count: { type: "number", required: true, defaultValue: 0 },
    big: { type: "number", bigint: true, required: false },
    flag: { type: "boolean", required: false, defaultValue: false },
    seenAt: { type: "date", required: false, defaultValue: () => new Date() },
    data: { type: "json", required: false },
    tags: { type: "string[]", required: false },
    scores: { type: "number[]", required: false },
    role: { type: ["member", "admin"], required: false, defaultValue: "member" },
  };
  const types = async (dialect: Dialect) => {
    const table = await columnsOf(dialect, await tablesFor(dialect, { user: { additionalFields: fields } }), "user");
    return Object.fromEntries(Object.values(table.columns).filter((c) => !["id", "name", "email", "email_verified", "image", "created_at", "updated_at"].includes(c.name)).map((c) => [c.name, `${c.type}${c.notNull ? " not null" : ""}${c.default !== undefined ? ` default ${c.default}` : ""}`]));
  };
  assert.equal(await types("sqlite"), {
    text: "text", keyed: "text", count: "integer not null default 0", big: "integer", flag: "integer default false",
    seen_at: "integer default (cast(unixepoch('subsecond') * 1000 as integer))", data: "text", tags: "text", scores: "text", role: "text default 'member'",
  });
  assert.equal(await types("pg"), {
    text: "text", keyed: "text", count: "integer not null default 0", big: "bigint", flag: "boolean default false",
    seen_at: "timestamp default now()", data: "jsonb", tags: "text[]", scores: "integer[]", role: "text default 'member'",
  });
  assert.equal(await types("mysql"), {
    text: "text", keyed: "varchar(255)", count: "int not null default 0", big: "bigint", flag: "boolean default false",
    seen_at: "timestamp(3) default (now())", data: "text", tags: "text", scores: "text", role: "enum('member','admin') default 'member'",
  });
});

test("twoFactor: its two_factor table with a cascading key to user, user.two_factor_enabled; username's unique column", async () => {
  for (const dialect of DIALECTS) {
    const tables = await tablesFor(dialect, { plugins: [twoFactor(), username()] });
    assert.equal(Object.keys(tables), ["user", "session", "account", "verification", "twoFactor"]);
    assert.is(getTableName(tables.twoFactor!), "two_factor");
    assert.ok("twoFactorEnabled" in getTableColumns(tables.user!), "the adapter's property is better-auth's field name");
    const table = await columnsOf(dialect, tables, "two_factor");
    assert.equal(Object.keys(table.columns), ["id", "secret", "backup_codes", "user_id", "verified", "failed_verification_count", "locked_until"]);
    const [key] = Object.values(table.foreignKeys).map((fk) => (typeof fk === "string" ? fk : JSON.stringify(fk)));
    assert.match(key!, /cascade/);
    const user = await columnsOf(dialect, tables, "user");
    assert.ok(user.columns.two_factor_enabled && user.columns.username && user.columns.display_username);
    if (dialect === "mysql") assert.is(table.columns.user_id!.type, "varchar(36)");
  }
});

test("a field type better-auth cannot store is AuthFieldError naming the table and field", async () => {
  try {
    await tablesFor("sqlite", { user: { additionalFields: { nickname: { type: "text" as "string" } } } });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, AuthFieldError);
    assert.equal([(error as AuthFieldError).table, (error as AuthFieldError).field], ["user", "nickname"]);
  }
});

test.run();
