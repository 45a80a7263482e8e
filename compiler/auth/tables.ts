/**
 * better-auth's tables beside the app's own: `sdk db generate` diffs both (so the auth tables
 * arrive through the app's migrations), and a table of the app's that takes one of their names
 * is reported, since the two could never share it.
 */
import type { BetterAuthOptions } from "better-auth";
import { getTableName, is, Table } from "drizzle-orm";
import { Node, SyntaxKind, type Project } from "ts-morph";
import { mysqlColumns, pgColumns, sqliteColumns, type DialectColumns } from "../../runtime/auth/field-columns.js";
import { AuthFieldError, authTablesFor } from "../../runtime/auth/plugin-tables.js";
import type { Dialect } from "../db/database.js";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import { locationOf } from "../scan/ast.js";
import { isAuthModule } from "./module.js";

export const AUTH_TABLE_NAMES: readonly string[] = ["user", "session", "account", "verification"];

export const STATIC_AUTH_TABLES: Record<Dialect, () => Promise<Record<string, unknown>>> = {
  sqlite: () => import("../../runtime/auth/schema-sqlite.js"),
  pg: () => import("../../runtime/auth/schema-pg.js"),
  mysql: () => import("../../runtime/auth/schema-mysql.js"),
};

export const DIALECT_COLUMNS: Record<Dialect, DialectColumns> = { sqlite: sqliteColumns, pg: pgColumns, mysql: mysqlColumns };

function conflict(name: string, names: readonly string[], where: Omit<Diagnostic, "code" | "message" | "severity">): Diagnostic {
  return error("SDK_AUTH_TABLE_CONFLICT", `The app's schema defines a table named "${name}", which auth (better-auth) needs for its own.`, {
    ...where,
    hint: `Rename the app's table (the auth tables are ${names.join(", ")}); it can reference auth's users through user.id.`,
  });
}

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
  if (clashes.length) throw new UserError(clashes.map((name) => conflict(name, names, { file: schemaFile ?? undefined })));
  return { ...own, ...auth };
}

async function authTables(dialect: Dialect, { options, file, text }: AuthOptionsSource): Promise<Record<string, Table>> {
  const statics = await STATIC_AUTH_TABLES[dialect]();
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

/**
 * db/ importing `sdk/auth` for `authTables` (a foreign key to `user.id`): they are the worker's,
 * registered when the app starts, while db/schema.ts also runs outside it, in `sdk db generate`.
 */
function authImportInSchema(specifier: string, where: Omit<Diagnostic, "code" | "message" | "severity">): Diagnostic {
  return error("SDK_AUTH_IMPORT_IN_SCHEMA", `db/ imports "${specifier}", whose tables exist only in the running worker; db/schema.ts also runs in sdk db generate.`, {
    ...where,
    hint: 'Keep the user\'s id in a column of its own (`userId: text("user_id")`; `varchar("user_id", { length: 36 })` on MySQL) and join on it in routes, with `authTables` of "sdk/auth" there.',
  });
}

/**
 * At build time, located, what in db/ cannot go with auth: a table builder call
 * (`sqliteTable("user", ...)`, `pgTable`, `mysqlTable`) whose name is an auth table's, and an
 * import of `sdk/auth`.
 */
export function authTableConflicts(project: Project, root: string, dbDir: string | undefined): Diagnostic[] {
  if (!dbDir) return [];
  const diagnostics: Diagnostic[] = [];
  for (const sourceFile of project.getSourceFiles()) {
    if (!sourceFile.getFilePath().startsWith(`${dbDir.replaceAll("\\", "/")}/`)) continue;
    for (const declaration of sourceFile.getImportDeclarations()) {
      const specifier = declaration.getModuleSpecifier();
      if (isAuthModule(specifier.getLiteralValue())) diagnostics.push(authImportInSchema(specifier.getLiteralValue(), locationOf(root, specifier)));
    }
    for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const [name] = call.getArguments();
      if (!/^(sqlite|pg|mysql)Table$/.test(call.getExpression().getText()) || !Node.isStringLiteral(name)) continue;
      if (AUTH_TABLE_NAMES.includes(name.getLiteralValue())) diagnostics.push(conflict(name.getLiteralValue(), AUTH_TABLE_NAMES, locationOf(root, name)));
    }
  }
  return diagnostics;
}
