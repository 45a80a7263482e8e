/**
 * The production PostgreSQL or MySQL database of a deploy: its URL, which Hyperdrive is pointed
 * at and the migrations are applied through. It never comes from the command line (visible to
 * other processes, kept in shell history): SDK_PRODUCTION_DATABASE_URL in the environment (a CI
 * secret), else a hidden prompt on a terminal. Unlike DATABASE_URL it is never read from `.env`,
 * which names the development database. The URL is never printed; messages name only the
 * database and host.
 */
import type { Dialect } from "../../compiler/db/database.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { requirePackages } from "../../compiler/optional-packages.js";
import { migrate } from "../db/apply.js";
import { databaseUrlProblem, describeDatabaseUrl } from "../db/database-url.js";
import type { MigrationTarget } from "../db/target.js";
import { canPrompt, readSecretInput } from "../platform/secret-input.js";
import type { RemoteMigrations } from "./remote-migrations.js";

export const PRODUCTION_DATABASE_URL = "SDK_PRODUCTION_DATABASE_URL";

type ServerDialect = Exclude<Dialect, "sqlite">;

const NAMES: Record<ServerDialect, string> = { pg: "PostgreSQL", mysql: "MySQL" };
const HOW_TO = `set ${PRODUCTION_DATABASE_URL} in the environment to the production database's direct URL (in CI, from a secret), or run sdk deploy in a terminal and type it at the hidden prompt`;

export async function productionDatabaseUrl(dialect: ServerDialect): Promise<string> {
  const fromEnv = process.env[PRODUCTION_DATABASE_URL];
  const url = fromEnv || (canPrompt() ? await promptForUrl(dialect) : undefined);
  if (!url) {
    throw new UserError([error("SDK_DEPLOY_DATABASE_URL_MISSING", `this app's database is ${NAMES[dialect]}, and the deploy needs the production database's URL to point Hyperdrive at it and apply its migrations; ${PRODUCTION_DATABASE_URL} is not set and there is no terminal to ask on. Nothing was changed.`, {
      file: "sdk.config.ts",
      configPath: "database",
      hint: HOW_TO,
    })]);
  }
  const problem = databaseUrlProblem(url, dialect);
  if (problem) {
    throw new UserError([error("SDK_DEPLOY_DATABASE_URL_INVALID", `the production database URL (${fromEnv ? PRODUCTION_DATABASE_URL : "typed at the prompt"}) ${problem}. Nothing was changed.`, {
      file: "sdk.config.ts",
      configPath: "database",
      hint: HOW_TO,
    })]);
  }
  return url;
}

function promptForUrl(dialect: ServerDialect): Promise<string> {
  return readSecretInput({ prompt: `Production ${NAMES[dialect]} URL for this deploy (hidden): `, what: "the production database URL", howTo: HOW_TO, trim: "all" });
}

/**
 * The pending migrations applied to the production database by `sdk db migrate`'s own planner and
 * checks (edited, deleted or out-of-order applied files refused; data loss refused unless
 * allowed), each recorded in the database's history and in sdk.lock.json.
 */
export async function applyProductionMigrations(root: string, dialect: ServerDialect, url: string, options: { allowDataLoss?: boolean; onApplied?: (name: string) => void }): Promise<RemoteMigrations> {
  const result = await migrate(root, {
    allowDataLoss: options.allowDataLoss,
    openTarget: () => openProduction(dialect, url),
    onApplied: (migration) => options.onApplied?.(migration.name),
  });
  return { applied: result.applied.map((migration) => migration.name), alreadyApplied: result.alreadyApplied };
}

async function openProduction(dialect: ServerDialect, url: string): Promise<MigrationTarget> {
  const description = `production ${NAMES[dialect]} database ${describeDatabaseUrl(url)}`;
  try {
    if (dialect === "pg") return await (await import("../db/pg.js")).openPostgres(url, { description });
    requirePackages("mysql", '`database: "mysql"`', { file: "sdk.config.ts" });
    return await (await import("../db/mysql.js")).openMysql(url, { description });
  } catch (cause) {
    if (!(cause instanceof UserError) || cause.diagnostics[0]?.code !== "SDK_DATABASE_UNREACHABLE") throw cause;
    throw new UserError(cause.diagnostics.map(({ file: _devEnvFile, ...diagnostic }) => ({ ...diagnostic, hint: `check that the production database accepts connections from this machine, and ${PRODUCTION_DATABASE_URL}'s host, user, password and database. Nothing was applied, and the new version was not released` })));
  }
}
