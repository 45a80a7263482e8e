/**
 * The migrations folder against the configured dialect, before any command uses it: a folder
 * generated for another database stops generate, migrate, status and deploy with
 * SDK_DB_DIALECT_CHANGED (never drizzle-kit's internal error, never foreign SQL run), and
 * `sdk db generate --switch-dialect` sets the old migrations and their history aside.
 */
import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import type { Dialect } from "../../compiler/db/database.js";
import { dialectChanged, foreignMigrations, schemaImportOf, type RecordedDialect } from "../../compiler/db/migrations-dialect.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { toPosixRelative } from "../../compiler/paths.js";
import { archiveLockedMigrations } from "./lock.js";

export interface DialectCheckInput {
  root: string;
  dialect: Dialect;
  binding: string;
  /** Absolute `<sourceRoot>/db/migrations`. */
  migrationsDir: string;
}

export function checkMigrationsDialect(input: DialectCheckInput): void {
  const found = foreignMigrations(input.root, input.migrationsDir, input.dialect);
  if (found) throw new UserError([changedDiagnostic(input, found)]);
}

export interface DialectSwitch {
  /** Project-relative: where the old migrations went. */
  movedTo: string;
  from: Dialect;
  /** The lock key the old history went to, when it had one. */
  lockKey: string | null;
}

/** Sets a foreign migrations folder and its lock history aside; null when the folder is the config's dialect. */
export function switchMigrationsDialect(input: DialectCheckInput): DialectSwitch | null {
  const found = foreignMigrations(input.root, input.migrationsDir, input.dialect);
  if (!found) return null;
  const destination = `${input.migrationsDir}-${found.dialect}`;
  const movedTo = toPosixRelative(input.root, destination);
  if (existsSync(destination)) {
    throw new UserError([error("SDK_DB_DIALECT_CHANGED", `${movedTo}/ already exists, so the ${toPosixRelative(input.root, input.migrationsDir)}/ of the earlier database cannot be moved there`, {
      file: movedTo,
      hint: `move ${movedTo}/ out of the project (or rename it), then run sdk db generate --switch-dialect again`,
    })]);
  }
  renameSync(input.migrationsDir, destination);
  const lockKey = `${input.binding}-${found.dialect}`;
  const archived = archiveLockedMigrations(input.root, input.binding, lockKey);
  return { movedTo, from: found.dialect, lockKey: archived ? lockKey : null };
}

function changedDiagnostic(input: DialectCheckInput, found: RecordedDialect) {
  const sourceRoot = path.dirname(path.dirname(input.migrationsDir));
  const at = schemaImportOf(input.root, sourceRoot) ?? { file: "sdk.config.ts" };
  return dialectChanged(toPosixRelative(input.root, input.migrationsDir), found, input.dialect, at);
}
