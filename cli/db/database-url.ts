/**
 * `DATABASE_URL` for PostgreSQL and MySQL: from the environment, else from the root `.env` that
 * `sdk dev` reads (local development, as the contract puts it). A variable set in the shell wins.
 */
import type { Dialect } from "../../compiler/db/database.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { ENV_FILE, readEnvFile } from "../dev/env-file.js";

export const DATABASE_URL = "DATABASE_URL";

const EXAMPLES: Record<Exclude<Dialect, "sqlite">, string> = {
  pg: "postgres://postgres:secret@127.0.0.1:5432/my_app",
  mysql: "mysql://root:secret@127.0.0.1:3306/my_app",
};

export function databaseUrl(root: string, dialect: Exclude<Dialect, "sqlite">): string {
  const url = process.env[DATABASE_URL] || readEnvFile(root)[DATABASE_URL];
  if (url) return url;
  throw new UserError([error("SDK_DATABASE_URL_MISSING", `${DATABASE_URL} is not set, so there is no ${dialect === "pg" ? "PostgreSQL" : "MySQL"} database to migrate`, {
    file: ENV_FILE,
    hint: `add a line such as ${DATABASE_URL}=${EXAMPLES[dialect]} to ${ENV_FILE} at the project root, or set it in the environment`,
  })]);
}

/** `my_app on 127.0.0.1:5432`: where, without the user name or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const name = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "(default database)";
    return `${name} on ${parsed.host}`;
  } catch {
    return "(DATABASE_URL is not a URL)";
  }
}

/** Connecting failed: the server is down, or DATABASE_URL names the wrong host, user or database. */
export function databaseUnreachable(description: string, cause: unknown): UserError {
  return new UserError([error("SDK_DATABASE_UNREACHABLE", `cannot connect to ${description}: ${(cause as Error).message}`, {
    file: ENV_FILE,
    hint: `start the database server, or correct ${DATABASE_URL} (in the environment or ${ENV_FILE})`,
  })]);
}

/**
 * DATABASE_URL as a Hyperdrive binding's local stand-in takes it (`sdk dev`, `sdk preview`): set,
 * and with a password, which Miniflare requires as the platform does. `sdk preview` reads only
 * dist/, so it may not know the dialect.
 */
export function hyperdriveConnectionString(root: string, binding: string, dialect?: Exclude<Dialect, "sqlite">): string {
  const example = dialect ? EXAMPLES[dialect] : `${EXAMPLES.pg} or ${EXAMPLES.mysql}`;
  const url = process.env[DATABASE_URL] || readEnvFile(root)[DATABASE_URL];
  const problem = !url ? "is not set" : !URL.canParse(url) ? "is not a URL" : !new URL(url).password ? "has no password" : null;
  if (!problem) return url!;
  throw new UserError([error("SDK_DATABASE_URL_MISSING", `${DATABASE_URL} ${problem}: the ${binding} Hyperdrive binding's local stand-in connects there, and requires a user with a password, as the platform does`, {
    file: ENV_FILE,
    hint: `set ${DATABASE_URL} in ${ENV_FILE} at the project root or in the environment, such as ${example}`,
  })]);
}
