/**
 * What in db/ cannot go with auth, found at build time without loading better-auth or Drizzle
 * (tables.ts, which does, serves `sdk db generate`): an app table named as one of auth's, and an
 * import of `sdk/auth`.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import { isStringLiteral, locationOf } from "../scan/ast.js";
import { visit, type ParsedModule } from "../scan/parser.js";
import type { ScanProject } from "../scan/scan-project.js";
import { isAuthModule } from "./module.js";

export const AUTH_TABLE_NAMES: readonly string[] = ["user", "session", "account", "verification"];

export function authTableConflict(name: string, names: readonly string[], where: Omit<Diagnostic, "code" | "message" | "severity">): Diagnostic {
  return error("SDK_AUTH_TABLE_CONFLICT", `The app's schema defines a table named "${name}", which auth (better-auth) needs for its own.`, {
    ...where,
    hint: `Rename the app's table (the auth tables are ${names.join(", ")}); it can reference auth's users through user.id.`,
  });
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
export function authTableConflicts(project: ScanProject, root: string, dbDir: string | undefined): Diagnostic[] {
  if (!dbDir) return [];
  const diagnostics: Diagnostic[] = [];
  for (const module of project.modules()) {
    if (module.fileName.startsWith(`${dbDir.replaceAll("\\", "/")}/`)) diagnostics.push(...module.fact("auth-table-conflicts", (parsed) => conflictsIn(root, parsed)));
  }
  return diagnostics;
}

/** What one module of db/ holds that cannot go with auth: an `sdk/auth` import, a table of auth's name. */
function conflictsIn(root: string, module: ParsedModule): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const declaration of module.program.body) {
    if (declaration.type !== "ImportDeclaration") continue;
    const specifier = declaration.source;
    if (isAuthModule(specifier.value)) diagnostics.push(authImportInSchema(specifier.value, locationOf(root, module, specifier)));
  }
  visit(module.program, {
    CallExpression(node) {
      const [name] = node.arguments;
      if (node.callee.type === "Identifier" && /^(sqlite|pg|mysql)Table$/.test(node.callee.name) && isStringLiteral(name) && AUTH_TABLE_NAMES.includes(name.value)) {
        diagnostics.push(authTableConflict(name.value, AUTH_TABLE_NAMES, locationOf(root, module, name)));
      }
    },
  });
  return diagnostics;
}
