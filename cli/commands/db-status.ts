/**
 * `sdk db status`: each migration applied, pending, changed since applied, missing or out of
 * order. Exits 1 when one of them would stop `sdk db migrate`, so a CI step can check it.
 */
import { migrationStatus } from "../db/status.js";
import type { MigrationState, MigrationStatus } from "../db/plan.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, printDiagnostics, red, yellow } from "../report.js";

interface DbStatusFlags extends GlobalOptions {
  remote?: boolean;
}

const LABELS: Record<MigrationState, string> = {
  applied: green("applied"),
  pending: yellow("pending"),
  changed: red("changed"),
  missing: red("missing"),
  "out-of-order": red("out of order"),
};

export async function dbStatusCommand(flags: DbStatusFlags): Promise<void> {
  const root = resolveRoot(flags.root);
  const { migrationsFolder, database, plan } = await migrationStatus(root, { remote: flags.remote });
  if (plan.problems.length) process.exitCode = 1;
  if (flags.json) {
    console.log(JSON.stringify({ ok: !plan.problems.length, migrationsFolder, database, migrations: plan.statuses, diagnostics: plan.problems }, null, 2));
    return;
  }
  console.log(`${cyan("sdk db status")} ${dim(root)}`);
  console.log(`  ${dim("in")} ${database || "no database yet: nothing is applied"}`);
  const width = Math.max(0, ...plan.statuses.map((status) => status.name.length));
  for (const status of plan.statuses) console.log(`  ${pad(LABELS[status.state], "out of order".length)}  ${status.name.padEnd(width)}  ${dim(detail(status))}`.trimEnd());
  printDiagnostics(root, plan.problems);
  console.log(summary(plan.statuses, migrationsFolder));
}

/** Pads by the visible text, whatever color codes wrap it. */
function pad(label: string, width: number): string {
  return label + " ".repeat(Math.max(0, width - label.replace(/\x1b\[\d+m/g, "").length));
}

function detail(status: MigrationStatus): string {
  if (status.appliedAt) return `applied ${status.appliedAt}${status.locked ? "" : ", not yet in sdk.lock.json"}`;
  return status.locked && status.state === "pending" ? "in sdk.lock.json, not applied to this database" : "";
}

function summary(statuses: readonly MigrationStatus[], folder: string): string {
  if (!statuses.length) return `no migrations in ${folder}/`;
  const counts = new Map<MigrationState, number>();
  for (const status of statuses) counts.set(status.state, (counts.get(status.state) ?? 0) + 1);
  return (Object.keys(LABELS) as MigrationState[])
    .filter((state) => counts.has(state))
    .map((state) => `${counts.get(state)} ${state.replace(/-/g, " ")}`)
    .join(", ");
}
