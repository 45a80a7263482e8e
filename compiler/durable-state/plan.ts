/**
 * The durable-state migration a build adds. The recorded history (history.ts) says which classes
 * the deployed worker has; the app's files say which it should have. A class with no history gets
 * a `new_sqlite_classes` entry; a file exporting `renamedFrom = "Old"` takes over the recorded
 * class `Old` through `renamed_classes`. A recorded class with no file any more is an error: its
 * instances hold data, and deleting it is recorded by hand, deliberately (see the hint).
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { DurableClassIR, DurableMigrationIR } from "../ir.js";
import { HISTORY_PATH, LOCK_FILE } from "./history.js";

export interface PlannedClass extends DurableClassIR {
  renamedFrom: string | null;
}

export interface DurablePlan {
  migrations: DurableMigrationIR[];
  recorded: number;
  diagnostics: Diagnostic[];
}

interface LiveClass {
  /** Index in the history of the entry that created (or last renamed) it. */
  entry: number;
}

export function planDurableMigrations(classes: readonly PlannedClass[], history: readonly DurableMigrationIR[]): DurablePlan {
  const { live, diagnostics } = replay(history);
  const current = new Set(classes.map((c) => c.className));
  const renamed = classes.flatMap(({ className, renamedFrom }) =>
    renamedFrom && live.has(renamedFrom) && !current.has(renamedFrom) && !live.has(className) ? [{ from: renamedFrom, to: className }] : [],
  );
  const renamedTo = new Set(renamed.map((r) => r.to));
  const renamedAway = new Set(renamed.map((r) => r.from));
  const created = classes.filter((c) => !live.has(c.className) && !renamedTo.has(c.className)).map((c) => c.className);
  for (const [className, { entry }] of live) {
    if (current.has(className) || renamedAway.has(className)) continue;
    diagnostics.push(removedClass(className, history, entry));
  }
  const added: DurableMigrationIR = {
    tag: nextTag(history),
    ...(created.length && { new_sqlite_classes: created }),
    ...(renamed.length && { renamed_classes: renamed }),
  };
  const migrations = created.length || renamed.length ? [...history, added] : [...history];
  return { migrations, recorded: history.length, diagnostics };
}

/** The classes the recorded history leaves, each with the entry that made it what it is. */
function replay(history: readonly DurableMigrationIR[]): { live: Map<string, LiveClass>; diagnostics: Diagnostic[] } {
  const live = new Map<string, LiveClass>();
  const diagnostics: Diagnostic[] = [];
  const tags = new Set<string>();
  history.forEach((migration, entry) => {
    const where = `${HISTORY_PATH}[${entry}]`;
    const inconsistent = (predicate: string) =>
      diagnostics.push(error("SDK_LOCK_INVALID", `${where} ${predicate}`, { file: LOCK_FILE, configPath: where, hint: `restore ${LOCK_FILE} from version control: the platform has applied this history and refuses a changed one` }));
    if (tags.has(migration.tag)) inconsistent(`repeats the tag "${migration.tag}"`);
    tags.add(migration.tag);
    for (const className of [...(migration.new_sqlite_classes ?? []), ...(migration.new_classes ?? [])]) {
      if (live.has(className)) inconsistent(`creates ${className}, which an earlier entry created`);
      live.set(className, { entry });
    }
    for (const { from, to } of migration.renamed_classes ?? []) {
      if (!live.delete(from)) inconsistent(`renames ${from}, which no earlier entry created`);
      live.set(to, { entry });
    }
    for (const className of migration.deleted_classes ?? []) {
      if (!live.delete(className)) inconsistent(`deletes ${className}, which no earlier entry created`);
    }
  });
  return { live, diagnostics };
}

function removedClass(className: string, history: readonly DurableMigrationIR[], entry: number): Diagnostic {
  const where = `${HISTORY_PATH}[${entry}]`;
  const deletion = JSON.stringify({ tag: nextTag(history), deleted_classes: [className] });
  return error(
    "SDK_DURABLE_STATE_REMOVED",
    `The durable-state class ${className} (recorded by ${where}, tag "${history[entry]!.tag}") has no file any more; its instances' stored data would be lost.`,
    {
      file: LOCK_FILE,
      configPath: where,
      hint: `Restore its file. To rename it, the new file exports \`export const renamedFrom = "${className}"\`. To delete the class and all its data, append ${deletion} to ${HISTORY_PATH} in ${LOCK_FILE}.`,
    },
  );
}

/** `v1`, `v2`, ...: the first `v<n>` after the history's length that no entry uses. */
function nextTag(history: readonly DurableMigrationIR[]): string {
  const used = new Set(history.map((m) => m.tag));
  let n = history.length + 1;
  while (used.has(`v${n}`)) n += 1;
  return `v${n}`;
}
