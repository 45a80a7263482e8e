/**
 * better-auth's tables beside the app's own: `sdk db generate` diffs both (so the auth tables
 * arrive through the app's migrations), and a table of the app's that takes one of their names
 * is reported, since the two could never share it.
 */
import { getTableName, is, Table } from "drizzle-orm";
import { Node, SyntaxKind, type Project } from "ts-morph";
import type { Dialect } from "../db/database.js";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import { locationOf } from "../scan/ast.js";
import { isAuthModule } from "./module.js";

export const AUTH_TABLE_NAMES: readonly string[] = ["user", "session", "account", "verification"];

const TABLE_MODULES: Record<Dialect, () => Promise<Record<string, unknown>>> = {
  sqlite: () => import("../../runtime/auth/schema-sqlite.js"),
  pg: () => import("../../runtime/auth/schema-pg.js"),
  mysql: () => import("../../runtime/auth/schema-mysql.js"),
};

function conflict(name: string, where: Omit<Diagnostic, "code" | "message" | "severity">): Diagnostic {
  return error("SDK_AUTH_TABLE_CONFLICT", `The app's schema defines a table named "${name}", which auth (better-auth) needs for its own.`, {
    ...where,
    hint: `Rename the app's table (the auth tables are ${AUTH_TABLE_NAMES.join(", ")}); it can reference auth's users through user.id.`,
  });
}

/** The app's tables and auth's, for the migration; a clash of names is SDK_AUTH_TABLE_CONFLICT. */
export async function withAuthTables(dialect: Dialect, own: Record<string, unknown>, schemaFile: string | null): Promise<Record<string, unknown>> {
  const clashes = Object.values(own).filter((value) => is(value, Table)).map((table) => getTableName(table as Table)).filter((name) => AUTH_TABLE_NAMES.includes(name));
  if (clashes.length) throw new UserError(clashes.map((name) => conflict(name, { file: schemaFile ?? undefined })));
  return { ...own, ...(await TABLE_MODULES[dialect]()) };
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
      if (AUTH_TABLE_NAMES.includes(name.getLiteralValue())) diagnostics.push(conflict(name.getLiteralValue(), locationOf(root, name)));
    }
  }
  return diagnostics;
}
