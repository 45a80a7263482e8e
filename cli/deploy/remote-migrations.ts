/**
 * The deployed D1 database brought up to date before the new code goes out, by the same planner
 * and checks as `sdk db migrate`: the database's own history says what is applied, the lock's
 * says what each applied file contained, and each migration runs as one transaction recorded in
 * both. On a dry run the lock is left alone and the queries are only written down.
 */
import { migrate } from "../db/apply.js";
import { openRemoteD1 } from "../db/d1-remote.js";
import type { PlatformApi } from "../platform/api.js";

type Json = Record<string, unknown>;

export interface RemoteMigrations {
  applied: string[];
  alreadyApplied: number;
}

export async function applyRemoteMigrations(api: PlatformApi, accountId: string, root: string, wrangler: Json, options: { dryRun?: boolean; allowDataLoss?: boolean; onApplied?: (name: string) => void }): Promise<RemoteMigrations> {
  const result = await migrate(root, {
    dryRun: options.dryRun,
    allowDataLoss: options.allowDataLoss,
    openTarget: async (context) => {
      const entry = ((wrangler.d1_databases as Json[] | undefined) ?? []).find((candidate) => candidate.binding === context.binding);
      return openRemoteD1({ api, accountId, databaseId: String(entry?.database_id), description: `D1 database ${entry?.database_name} (deployed)` });
    },
    onApplied: (migration) => options.onApplied?.(migration.name),
  });
  return { applied: result.applied.map((migration) => migration.name), alreadyApplied: result.alreadyApplied };
}
