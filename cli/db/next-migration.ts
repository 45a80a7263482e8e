/**
 * Generating the next migration and writing it, for `sdk db generate` and `sdk gen model`: the
 * schema loaded, diffed against the last snapshot, the SQL and its snapshot written beside the
 * others.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { scanAuth } from "../../compiler/auth/auth-ir.js";
import { loadAuthOptions } from "../../compiler/auth/options-module.js";
import { withAuthTables, type AuthOptionsSource } from "../../compiler/auth/tables.js";
import { dbBindingName, dialectOf, migrationsDir } from "../../compiler/db/database.js";
import { schemaFileOf } from "../../compiler/db/database-ir.js";
import { generateMigration } from "../../compiler/db/generate.js";
import type { Rename } from "../../compiler/db/renames.js";
import { loadSchemaModule } from "../../compiler/db/schema-module.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { toPosixRelative } from "../../compiler/paths.js";
import { checkMigrationsDialect, switchMigrationsDialect, type DialectSwitch } from "./dialect-check.js";
import { lastSnapshot, migrationName, nextTimestamp, writeMigration } from "./migration-writer.js";
import type { DatabaseProject } from "./project.js";

export interface NextMigrationOptions {
  name?: string;
  renames: readonly Rename[];
  allowDataLoss: boolean;
  /** Set aside migrations of another dialect first (cli/db/dialect-check.ts), instead of refusing them. */
  switchDialect?: boolean;
}

export interface WrittenMigration {
  /** Project-relative; null when the schema matches the last migration. */
  file: string | null;
  statements: string[];
  dataLoss: string[];
  /** What --switch-dialect set aside. */
  switched?: DialectSwitch;
}

export async function writeNextMigration({ root, config, layout }: DatabaseProject, options: NextMigrationOptions): Promise<WrittenMigration> {
  const schemaFile = schemaFileOf(layout);
  // Auth's tables are part of the app's migrations whenever auth is on, schema or not.
  const auth = scanAuth(layout, config);
  if (!schemaFile && !auth) {
    throw new UserError([error("SDK_DB_NO_SCHEMA", "There is no db/schema.ts to generate a migration from.", {
      hint: "Write your tables in db/schema.ts, or run `sdk gen model <name> <field:type>...`.",
    })]);
  }
  const dialect = dialectOf(config);
  const dir = migrationsDir(layout);
  const folder = { root, dialect, binding: dbBindingName(config), migrationsDir: dir };
  let switched: DialectSwitch | undefined;
  if (options.switchDialect) switched = switchMigrationsDialect(folder) ?? undefined;
  else checkMigrationsDialect(folder);
  const own = schemaFile ? await loadSchemaModule(root, schemaFile) : {};
  const previous = lastSnapshot(dir);
  const migration = await generateMigration({
    dialect,
    tables: auth ? await withAuthTables(dialect, own, schemaFile, await authOptionsOf(root, auth.file)) : own,
    previous,
    renames: options.renames,
    allowDataLoss: options.allowDataLoss,
  });
  if (!migration.statements.length) return { file: null, statements: [], dataLoss: [], switched };
  const stem = `${nextTimestamp(dir)}_${migrationName(options.name, previous === null)}`;
  const file = toPosixRelative(root, writeMigration(dir, stem, migration.statements, migration.snapshot));
  return { file, statements: migration.statements, dataLoss: migration.risks, switched };
}

/** auth.ts's options decide the tables of plugins and `additionalFields`; none without one. */
async function authOptionsOf(root: string, file: string | null): Promise<AuthOptionsSource> {
  if (!file) return { options: {}, file };
  return { options: await loadAuthOptions(root, file), file, text: await readFile(path.join(root, file), "utf8") };
}
