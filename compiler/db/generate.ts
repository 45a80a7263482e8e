/**
 * The next migration: db/schema.ts diffed against the snapshot of the last generated migration,
 * renames settled by the user, data-loss risks refused unless allowed. Pure of the file system
 * beyond reading the schema; cli/commands/db-generate.ts writes what this returns.
 */
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import type { Dialect } from "./database.js";
import { dataLossRisks, describeRisk } from "./data-loss.js";
import { emptySnapshot, migrationStatements, snapshotOf, type Snapshot } from "./drizzle-kit.js";
import { applyRenames, invalidRenames, unsettledRenames, type Rename } from "./renames.js";

export interface GenerateInput {
  dialect: Dialect;
  /** The schema module's exports. */
  tables: Record<string, unknown>;
  /** The last generated migration's snapshot; null before the first. */
  previous: Snapshot | null;
  renames: readonly Rename[];
  allowDataLoss: boolean;
}

export interface GeneratedMigration {
  statements: string[];
  snapshot: Snapshot;
  /** What the migration destroys, allowed with --allow-data-loss. */
  risks: string[];
}

export async function generateMigration(input: GenerateInput): Promise<GeneratedMigration> {
  const previous = input.previous ?? (await emptySnapshot(input.dialect));
  const snapshot = await snapshotOf(input.dialect, input.tables, previous.id);
  const problems: Diagnostic[] = [...invalidRenames(previous, snapshot, input.renames)];
  if (!problems.length) problems.push(...unsettledRenames(previous, snapshot, input.renames));
  if (problems.length) throw new UserError(problems.map((p) => ({ ...p, file: p.file ?? "db/schema.ts" })));

  const renamed = applyRenames(input.dialect, previous, input.renames);
  const statements = [...renamed.statements, ...(await migrationStatements(input.dialect, renamed.prev, snapshot))];
  const risks = dataLossRisks(renamed.prev, statements).map(describeRisk);
  if (risks.length && !input.allowDataLoss) {
    throw new UserError(risks.map((risk): Diagnostic => error("SDK_DB_DATA_LOSS", `This migration would lose data: ${risk}.`, {
      file: "db/schema.ts",
      hint: "Change the schema so the table is not rebuilt, or pass --allow-data-loss if losing those rows is intended (sdk db migrate --dry-run shows the row counts first).",
    })));
  }
  return { statements, snapshot, risks };
}
