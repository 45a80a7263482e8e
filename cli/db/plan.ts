/**
 * What `sdk db migrate` would do and what stops it, from three sources: the files, the database's
 * history table (the truth for what is applied there) and the lock's history (the truth for what
 * each applied file said). An applied file that was edited or deleted, or a new file dated before
 * one already applied, is refused before anything runs.
 */
import { error, type Diagnostic } from "../../compiler/diagnostics.js";
import { LOCK_FILE, type LockEntry } from "./lock.js";
import { compareMigrationNames, type MigrationFile } from "./migration-files.js";

export interface AppliedRow {
  name: string;
  /** ISO 8601. */
  appliedAt: string;
}

export type MigrationState = "applied" | "pending" | "changed" | "missing" | "out-of-order";

export interface MigrationStatus {
  name: string;
  state: MigrationState;
  /** When the database applied it. */
  appliedAt?: string;
  /** Whether sdk.lock.json records it. */
  locked: boolean;
}

export interface MigrationPlan {
  statuses: MigrationStatus[];
  pending: MigrationFile[];
  /** Applied to the database but not in the lock (applied by wrangler, say): recorded with the file's hash. */
  unrecorded: LockEntry[];
  problems: Diagnostic[];
}

export interface PlanInputs {
  files: readonly MigrationFile[];
  applied: readonly AppliedRow[];
  locked: readonly LockEntry[];
  /** The migrations folder, project-relative POSIX, to name files that are gone. */
  folder: string;
  /** For the timestamp a rename hint suggests. */
  now: Date;
}

export function planMigrations({ files, applied, locked, folder, now }: PlanInputs): MigrationPlan {
  const fileByName = new Map(files.map((file) => [file.name, file]));
  const appliedByName = new Map(applied.map((row) => [row.name, row]));
  const lockedByName = new Map(locked.map((entry) => [entry.name, entry]));
  const lastApplied = latest(applied.map((row) => row.name));
  const lastLocked = latest(locked.map((entry) => entry.name));
  const names = [...new Set([...fileByName.keys(), ...appliedByName.keys(), ...lockedByName.keys()])].sort(compareMigrationNames);
  const after = (later: string | null, name: string) => (later !== null && compareMigrationNames(later, name) > 0 ? later : null);

  const plan: MigrationPlan = { statuses: [], pending: [], unrecorded: [], problems: [] };
  for (const name of names) {
    const file = fileByName.get(name);
    const row = appliedByName.get(name);
    const entry = lockedByName.get(name);
    const status = (state: MigrationState) => plan.statuses.push({ name, state, ...(row && { appliedAt: row.appliedAt }), locked: Boolean(entry) });
    if (!file) {
      plan.problems.push(missing(name, `${folder}/${name}`, row ? "the database's history" : LOCK_FILE));
      status("missing");
    } else if (entry && entry.sha256 !== file.sha256) {
      plan.problems.push(changed(file, entry));
      status("changed");
    } else if (row) {
      if (!entry) plan.unrecorded.push({ name, sha256: file.sha256, appliedAt: row.appliedAt });
      status("applied");
    } else {
      const later = after(lastApplied, name) ?? (entry ? null : after(lastLocked, name));
      if (later) {
        plan.problems.push(outOfOrder(file, later, now));
        status("out-of-order");
      } else {
        plan.pending.push(file);
        status("pending");
      }
    }
  }
  return plan;
}

function missing(name: string, file: string, recordedIn: string): Diagnostic {
  return error("SDK_MIGRATION_MISSING", `${name} was applied (${recordedIn} records it) but its file is gone`, {
    file,
    hint: "restore the file from version control: an applied migration stays; undo its changes with a new migration",
  });
}

function changed(file: MigrationFile, entry: LockEntry): Diagnostic {
  return error("SDK_MIGRATION_CHANGED", `${file.name} was edited after it was applied: its sha256 is ${file.sha256.slice(0, 12)}…, ${LOCK_FILE} recorded ${entry.sha256.slice(0, 12)}… on ${entry.appliedAt}`, {
    file: file.file,
    hint: "restore the file as it was applied (from version control) and put the change in a new migration",
  });
}

function outOfOrder(file: MigrationFile, later: string, now: Date): Diagnostic {
  const renamed = file.name.replace(/^\d+/, timestampOf(now));
  return error("SDK_MIGRATION_ORDER", `${file.name} is dated before ${later}, which is already applied; migrations apply in file-name order only`, {
    file: file.file,
    hint: `rename it to sort after ${later}, such as ${renamed}`,
  });
}

/** `20261125093000`: UTC, to the second, as migration names start. */
export function timestampOf(date: Date): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14);
}

function latest(names: string[]): string | null {
  return names.length ? names.reduce((a, b) => (compareMigrationNames(b, a) > 0 ? b : a)) : null;
}
