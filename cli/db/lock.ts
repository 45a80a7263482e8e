/**
 * The migration history in `sdk.lock.json`, under `migrations`, keyed by the database's binding:
 * `{ "migrations": { "DB": [{ "name", "sha256", "appliedAt" }] } }`. It is append-only: an entry,
 * once written, is never changed or removed here, so an applied migration's text is pinned for
 * every copy of the project. The file's other keys are kept as they are.
 */
import { configError, UserError } from "../../compiler/diagnostics.js";
import { LOCK_FILE, readJson, writeLockFile } from "../../compiler/project-files.js";

export { LOCK_FILE };

export interface LockEntry {
  name: string;
  sha256: string;
  /** ISO 8601: when the migration was first applied to a database of this project. */
  appliedAt: string;
}

/** The recorded history of the database `key`, oldest first; empty without a lock file. */
export function readLockedMigrations(root: string, key: string): LockEntry[] {
  const migrations = readJson(root, LOCK_FILE)?.migrations;
  if (migrations === undefined) return [];
  if (!isObject(migrations)) throw invalid("migrations", "must be an object with one list per database binding");
  const entries = migrations[key];
  if (entries === undefined) return [];
  if (!Array.isArray(entries)) throw invalid(`migrations.${key}`, "must be a list of applied migrations");
  entries.forEach((entry, index) => checkEntry(entry, `migrations.${key}[${index}]`));
  return entries as LockEntry[];
}

/**
 * Appends the entries whose names the history of `key` does not have yet, reading the file afresh
 * so nothing written since is lost, and replacing it in one rename so an interrupted run leaves
 * the old file or the new one, never half of one.
 */
export function appendLockedMigrations(root: string, key: string, entries: readonly LockEntry[]): void {
  const lock = readJson(root, LOCK_FILE) ?? {};
  const history = readLockedMigrations(root, key);
  const known = new Set(history.map((entry) => entry.name));
  const added = entries.filter((entry) => !known.has(entry.name));
  if (!added.length) return;
  const updated = [...history, ...added.map(({ name, sha256, appliedAt }) => ({ name, sha256, appliedAt }))];
  writeLockFile(root, { ...lock, migrations: sortedKeys({ ...(lock.migrations as Record<string, unknown> | undefined), [key]: updated }) });
}

/**
 * Moves the history of `key` to `archiveKey`, entries unchanged, when the database of `key` is
 * replaced by one of another dialect: the old history stays in the file, the new one starts empty.
 */
export function archiveLockedMigrations(root: string, key: string, archiveKey: string): number {
  const history = readLockedMigrations(root, key);
  if (!history.length) return 0;
  const lock = readJson(root, LOCK_FILE)!;
  const { [key]: _moved, ...others } = lock.migrations as Record<string, unknown>;
  writeLockFile(root, { ...lock, migrations: sortedKeys({ ...others, [archiveKey]: [...readLockedMigrations(root, archiveKey), ...history] }) });
  return history.length;
}

/** Keys sorted: the same history always reads the same. */
function sortedKeys(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(object).sort().map((key) => [key, object[key]]));
}

function checkEntry(entry: unknown, where: string): void {
  if (!isObject(entry)) throw invalid(where, "must be an object with name, sha256 and appliedAt");
  if (typeof entry.name !== "string" || !entry.name) throw invalid(`${where}.name`, "must be the migration's file name");
  if (typeof entry.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(entry.sha256)) throw invalid(`${where}.sha256`, "must be 64 lowercase hex digits");
  if (typeof entry.appliedAt !== "string" || Number.isNaN(Date.parse(entry.appliedAt))) throw invalid(`${where}.appliedAt`, "must be an ISO 8601 date");
}

function invalid(configPath: string, predicate: string): UserError {
  return new UserError([configError("SDK_LOCK_INVALID", configPath, predicate, {
    file: LOCK_FILE,
    hint: `restore ${LOCK_FILE} from version control; its migration history is written by \`sdk db migrate\` and is not edited by hand`,
  })]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
