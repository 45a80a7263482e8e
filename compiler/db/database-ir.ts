/**
 * Whether an app has a database, and which: the edge app that imports `sdk/db`, has auth or
 * checks in migrations has one (the contract: auth and checked-in migrations need a database even
 * when `inference.bindings.db` is false). Other targets never do; importing `sdk/db` there is reported
 * by the edge-only pass.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { SdkConfig } from "../config/define.js";
import type { AuthIR, DatabaseIR, ImportIR, Target } from "../ir.js";
import { toPosixRelative } from "../paths.js";
import type { ProjectLayout } from "../scan/project.js";
import { dbBindingName, dialectOf, migrationsDir } from "./database.js";
import { foreignMigrations } from "./migrations-dialect.js";

export const DB_MODULE = "sdk/db";

export function databaseOf(layout: ProjectLayout, config: SdkConfig, imports: readonly ImportIR[], target: Target, auth: AuthIR | null = null): DatabaseIR | null {
  if (target !== "edge") return null;
  const imported = imports.find((i) => i.specifier === DB_MODULE);
  const migrations = migrationsDir(layout);
  const hasMigrations = existsSync(migrations) && readdirSync(migrations).some((name) => name.endsWith(".sql"));
  // Turned off, the import is an error (compiler/validate/database.ts) and asks for no binding.
  const importNeedsOne = imported !== undefined && config.inference?.bindings?.db !== false;
  if (!importNeedsOne && !auth && !hasMigrations) return null;
  const dialect = dialectOf(config);
  const foreign = foreignMigrations(layout.root, migrations, dialect);
  return {
    dialect,
    binding: dbBindingName(config),
    schemaFile: schemaFileOf(layout),
    source: importNeedsOne ? `${imported.file}:${imported.line}:${imported.column}` : auth ? auth.source : toPosixRelative(layout.root, migrations),
    ...(foreign && { foreignMigrations: foreign }),
  };
}

/** `db/schema.ts` under the source root, project-relative, when it exists. */
export function schemaFileOf(layout: Pick<ProjectLayout, "root" | "sourceRoot">): string | null {
  const file = path.join(layout.sourceRoot, "db", "schema.ts");
  return existsSync(file) ? toPosixRelative(layout.root, file) : null;
}
