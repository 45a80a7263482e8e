/**
 * Opens the database the app's dialect names: local D1 (or, with `--remote`, the deployed one
 * through the platform's API), or `DATABASE_URL` for PostgreSQL and MySQL. Each server's client
 * is imported when its dialect is opened: mysql2 alone takes about 0.4 s to load, which every
 * `sdk dev` start paid for an app without MySQL.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { requirePackages } from "../../compiler/optional-packages.js";
import type { DatabaseContext } from "./context.js";
import { openLinkedRemoteD1 } from "./d1-remote.js";
import { openLocalD1State } from "./d1-state.js";
import { databaseUrl, describeDatabaseUrl, DATABASE_URL } from "./database-url.js";
import type { MigrationTarget } from "./target.js";

export interface OpenOptions {
  remote?: boolean;
  /** Work on something that is thrown away: a copy of the local D1 state, a PostgreSQL transaction rolled back. */
  dryRun?: boolean;
  /** The app's generated wrangler config, when the caller has it. */
  wranglerConfig?: Record<string, unknown>;
}

export async function openMigrationTarget(context: DatabaseContext, options: OpenOptions): Promise<MigrationTarget> {
  if (options.remote) return openRemote(context, options);
  if (context.dialect === "sqlite") return openLocalD1State(context, options);
  const url = databaseUrl(context.root, context.dialect, `the ${context.dialect === "pg" ? "PostgreSQL" : "MySQL"} database whose migrations sdk applies and reads`);
  if (context.dialect === "pg") {
    const { openPostgres } = await import("./pg.js");
    return openPostgres(url, { description: `PostgreSQL database ${describeDatabaseUrl(url)}`, dryRun: options.dryRun });
  }
  if (options.dryRun) {
    throw new UserError([error("SDK_DB_DRY_RUN_UNAVAILABLE", "a dry run is not possible on MySQL: it commits schema changes at once, so they cannot be tried and rolled back", {
      hint: "try the migrations on a copy: point DATABASE_URL at a database restored from a dump of this one and run sdk db migrate there",
    })]);
  }
  requirePackages("mysql", '`database: "mysql"`', { file: "sdk.config.ts" });
  const { openMysql } = await import("./mysql.js");
  return openMysql(url, { description: `MySQL database ${describeDatabaseUrl(url)}` });
}

/** PostgreSQL and MySQL are the user's own servers: `DATABASE_URL` reaches them, not the platform. */
function openRemote(context: DatabaseContext, options: OpenOptions): MigrationTarget {
  if (context.dialect !== "sqlite") {
    throw new UserError([error("SDK_DB_REMOTE_UNAVAILABLE", "`--remote` reaches the platform's D1 database; this app's database is a server of its own", {
      hint: `to migrate a deployed database, run sdk db migrate with ${DATABASE_URL} set to its direct connection URL`,
    })]);
  }
  if (options.dryRun) {
    throw new UserError([error("SDK_DB_DRY_RUN_UNAVAILABLE", "a dry run is not possible on the deployed D1 database: there is no copy of it to try the migrations on", {
      hint: "run sdk db migrate --dry-run without --remote, on the local database; sdk db status --remote shows what is pending on the deployed one",
    })]);
  }
  return openLinkedRemoteD1(context);
}
