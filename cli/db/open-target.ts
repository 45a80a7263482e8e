/** Opens the database the app's dialect names: local D1, or `DATABASE_URL` for PostgreSQL and MySQL. */
import { error, UserError } from "../../compiler/diagnostics.js";
import type { DatabaseContext } from "./context.js";
import { openLocalD1State } from "./d1-state.js";
import { databaseUrl, describeDatabaseUrl, DATABASE_URL } from "./database-url.js";
import { openMysql } from "./mysql.js";
import { openPostgres } from "./pg.js";
import type { MigrationTarget } from "./target.js";

export interface OpenOptions {
  remote?: boolean;
  /** Work on something that is thrown away: a copy of the local D1 state, a PostgreSQL transaction rolled back. */
  dryRun?: boolean;
  /** The app's generated wrangler config, when the caller has it. */
  wranglerConfig?: Record<string, unknown>;
}

export async function openMigrationTarget(context: DatabaseContext, options: OpenOptions): Promise<MigrationTarget> {
  if (options.remote) throw remoteUnavailable(context);
  if (context.dialect === "sqlite") return openLocalD1State(context, options);
  const url = databaseUrl(context.root, context.dialect);
  if (context.dialect === "pg") return openPostgres(url, { description: `PostgreSQL database ${describeDatabaseUrl(url)}`, dryRun: options.dryRun });
  if (options.dryRun) {
    throw new UserError([error("SDK_DB_DRY_RUN_UNAVAILABLE", "a dry run is not possible on MySQL: it commits schema changes at once, so they cannot be tried and rolled back", {
      hint: "try the migrations on a copy: point DATABASE_URL at a database restored from a dump of this one and run sdk db migrate there",
    })]);
  }
  return openMysql(url, { description: `MySQL database ${describeDatabaseUrl(url)}` });
}

function remoteUnavailable(context: DatabaseContext): UserError {
  const hint = context.dialect === "sqlite"
    ? `until then, wrangler applies them to the deployed D1 database and keeps the same d1_migrations history: \`wrangler d1 migrations apply <database> --remote\` with migrations_dir set to ${context.migrationsFolder} in its D1 entry`
    : `to migrate a deployed database now, run sdk db migrate with ${DATABASE_URL} set to its direct connection URL`;
  return new UserError([error("SDK_DB_REMOTE_UNAVAILABLE", "`--remote` (the deployed database) needs the platform's API, which comes with `sdk account login` in a later version", { hint })]);
}
