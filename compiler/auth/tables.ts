/**
 * better-auth's tables beside the app's own: `sdk db generate` diffs both (so the auth tables
 * arrive through the app's migrations), and a table of the app's that takes one of their names
 * is reported, since the two could never share it. (The build's own check of db/ is
 * table-conflicts.ts, which loads neither better-auth nor Drizzle.)
 */
import type { BetterAuthOptions } from "better-auth";
import { getTableName, is, Table } from "drizzle-orm";
import { mysqlColumns, pgColumns, sqliteColumns, type DialectColumns } from "../../runtime/auth/field-columns.js";
import type { Dialect } from "../db/database.js";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import { requirePackages } from "../optional-packages.js";
import { authTableConflict } from "./table-conflicts.js";

export const STATIC_AUTH_TABLES: Record<Dialect, () => Promise<Record<string, unknown>>> = {
  sqlite: () => import("../../runtime/auth/schema-sqlite.js"),
  pg: () => import("../../runtime/auth/schema-pg.js"),
  mysql: () => import("../../runtime/auth/schema-mysql.js"),
};

export const DIALECT_COLUMNS: Record<Dialect, DialectColumns> = { sqlite: sqliteColumns, pg: pgColumns, mysql: mysqlColumns };

/** auth.ts's options (loadAuthOptions), and where they come from for a located error. */
export interface AuthOptionsSource {
  options: BetterAuthOptions;
  /** Project-relative; null without an auth.ts. */
  file: string | null;
  /** Its text, to locate a field's line. */
  text?: string;
}

/**
 * The app's tables and auth's for the options of auth.ts (plugins' tables and `additionalFields`
 * included), for the migration; a clash of names is SDK_AUTH_TABLE_CONFLICT.
 */
export async function withAuthTables(dialect: Dialect, own: Record<string, unknown>, schemaFile: string | null, source: AuthOptionsSource = { options: {}, file: null }): Promise<Record<string, unknown>> {
  const auth = await authTables(dialect, source);
  const names = Object.values(auth).map((table) => getTableName(table));
  const clashes = Object.values(own).filter((value) => is(value, Table)).map((table) => getTableName(table as Table)).filter((name) => names.includes(name));
  if (clashes.length) throw new UserError(clashes.map((name) => authTableConflict(name, names, { file: schemaFile ?? undefined })));
  return { ...own, ...auth };
}

async function authTables(dialect: Dialect, { options, file, text }: AuthOptionsSource): Promise<Record<string, Table>> {
  requirePackages("auth", file ? "this file" : "`auth`", { file: file ?? "sdk.config.ts" });
  // better-auth is an optional peer: loaded only for an app with auth, once it is known installed.
  const [statics, { AuthFieldError, authTablesFor }] = await Promise.all([STATIC_AUTH_TABLES[dialect](), import("../../runtime/auth/plugin-tables.js")]);
  try {
    return authTablesFor(options, statics, DIALECT_COLUMNS[dialect]);
  } catch (thrown) {
    const where = { file: file ?? undefined, ...(thrown instanceof AuthFieldError && text ? lineOf(text, thrown.field) : {}) };
    if (thrown instanceof AuthFieldError) {
      throw new UserError([error("SDK_AUTH_FIELD", thrown.message, { ...where, hint: 'Give the field one of better-auth\'s types, for example { type: "string", required: false }.' })]);
    }
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    throw new UserError([error("SDK_AUTH_OPTIONS", `better-auth cannot tell the tables of ${file ?? "auth's options"}: ${message}`, {
      ...where,
      hint: 'Check plugins and additionalFields in auth.ts: each plugin is a call such as twoFactor() from "sdk/auth/plugins".',
    })]);
  }
}

/** The first line that declares `name:` (a field of additionalFields), for the diagnostic. */
function lineOf(text: string, name: string): Pick<Diagnostic, "line" | "column"> {
  const match = new RegExp(`\\b${name.replace(/[^\w$]/g, "")}["']?\\s*:`).exec(text);
  if (!match) return {};
  const before = text.slice(0, match.index).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
