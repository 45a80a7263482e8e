/**
 * The durable-state migration history in `sdk.lock.json`, under `durableObjects.migrations`: the
 * entries of wrangler.json's `migrations` that builds of this project have generated, oldest
 * first. It is append-only: the platform applies each tag once and refuses a history that changed,
 * so an entry once recorded is never rewritten. A deletion is recorded by hand, on purpose: it is
 * the one migration that throws data away.
 */
import { configError, UserError, type Diagnostic } from "../diagnostics.js";
import type { DurableMigrationIR } from "../ir.js";
import { LOCK_FILE, readJson, writeLockFile } from "../project-files.js";

export { LOCK_FILE };
export const HISTORY_PATH = "durableObjects.migrations";

export function readDurableHistory(root: string): DurableMigrationIR[] {
  const section = readJson(root, LOCK_FILE)?.durableObjects;
  if (section === undefined) return [];
  if (!isObject(section)) throw invalid("durableObjects", "must be an object with a `migrations` list");
  const migrations = section.migrations;
  if (migrations === undefined) return [];
  if (!Array.isArray(migrations)) throw invalid(HISTORY_PATH, "must be a list of migrations");
  const problems = migrations.flatMap((entry, index) => entryProblems(entry, `${HISTORY_PATH}[${index}]`));
  if (problems.length) throw new UserError(problems);
  return migrations as DurableMigrationIR[];
}

/** Appends `added` to the history, reading the file afresh so nothing written since is lost. */
export function appendDurableHistory(root: string, added: readonly DurableMigrationIR[]): void {
  if (!added.length) return;
  const lock = readJson(root, LOCK_FILE) ?? {};
  const section = isObject(lock.durableObjects) ? lock.durableObjects : {};
  const history = readDurableHistory(root);
  const known = new Set(history.map((entry) => entry.tag));
  const fresh = added.filter((entry) => !known.has(entry.tag));
  if (!fresh.length) return;
  writeLockFile(root, { ...lock, durableObjects: { ...section, migrations: [...history, ...fresh] } });
}

const CLASS_LISTS = ["new_sqlite_classes", "new_classes", "deleted_classes"] as const;

function entryProblems(entry: unknown, where: string): Diagnostic[] {
  if (!isObject(entry)) return [invalid(where, "must be an object with a `tag`").diagnostics[0]!];
  const problems: Diagnostic[] = [];
  const report = (at: string, predicate: string) => problems.push(...invalid(at, predicate).diagnostics);
  if (typeof entry.tag !== "string" || !entry.tag) report(`${where}.tag`, "must be a non-empty string");
  for (const key of CLASS_LISTS) {
    const list = entry[key];
    if (list !== undefined && (!Array.isArray(list) || !list.every((name) => typeof name === "string" && name))) report(`${where}.${key}`, "must be a list of class names");
  }
  const renamed = entry.renamed_classes;
  if (renamed !== undefined && (!Array.isArray(renamed) || !renamed.every((r) => isObject(r) && typeof r.from === "string" && typeof r.to === "string"))) {
    report(`${where}.renamed_classes`, 'must be a list of { "from": "<OldClass>", "to": "<NewClass>" }');
  }
  return problems;
}

function invalid(configPath: string, predicate: string): UserError {
  return new UserError([
    configError("SDK_LOCK_INVALID", configPath, predicate, {
      file: LOCK_FILE,
      hint: `restore ${LOCK_FILE} from version control; builds append to its durable-state history, and only a deletion is written by hand`,
    }),
  ]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
