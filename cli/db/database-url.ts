/**
 * `DATABASE_URL` for PostgreSQL and MySQL: from the environment, else from the root `.env` that
 * `sdk dev` reads (local development, as the contract puts it). A variable set in the shell wins.
 */
import type { Dialect } from "../../compiler/db/database.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { ENV_FILE, readEnvFile } from "../dev/env-file.js";

export const DATABASE_URL = "DATABASE_URL";

type ServerDialect = Exclude<Dialect, "sqlite">;

const EXAMPLES: Record<ServerDialect, string> = {
  pg: "postgres://postgres:secret@127.0.0.1:5432/my_app",
  mysql: "mysql://root:secret@127.0.0.1:3306/my_app",
};

const SCHEMES: Record<ServerDialect, string[]> = { pg: ["postgres:", "postgresql:"], mysql: ["mysql:"] };
const NAMES: Record<ServerDialect, string> = { pg: "PostgreSQL", mysql: "MySQL" };

/**
 * Why `url` cannot be the app's DATABASE_URL, or null: the one check of `sdk db migrate`,
 * `sdk db status`, `sdk dev` and `sdk preview`, so none accepts a URL another rejects. A user
 * with a password is required everywhere, since the Hyperdrive binding (Miniflare's stand-in and
 * the platform's) requires one; a PostgreSQL that trusts local connections ignores it. `dialect`
 * is unknown to `sdk preview`, which reads only dist/: then either scheme goes.
 */
export function databaseUrlProblem(url: string | undefined, dialect?: ServerDialect): string | null {
  if (!url) return "is not set";
  if (!URL.canParse(url)) return "is not a URL";
  const parsed = new URL(url);
  const schemes = dialect ? SCHEMES[dialect] : [...SCHEMES.pg, ...SCHEMES.mysql];
  if (!schemes.includes(parsed.protocol)) {
    const wanted = schemes.map((scheme) => `${scheme}//`).join(" or ");
    return `starts with ${parsed.protocol}//, but ${dialect ? `this app's database is ${NAMES[dialect]}` : "the database must be PostgreSQL or MySQL"}: it must start with ${wanted}`;
  }
  if (!parsed.hostname) return "names no host";
  if (!parsed.username) return "names no user";
  if (!parsed.password) return "has no password: the Hyperdrive binding requires one, as the platform does (a PostgreSQL that trusts local connections ignores it)";
  if (!decodeURIComponent(parsed.pathname.replace(/^\//, ""))) return "names no database: end it with /<database name>";
  if (Number.isNaN(connectTimeoutOf(parsed))) return `has connect_timeout=${parsed.searchParams.get("connect_timeout")}, not a number of seconds from 1 to 300`;
  return null;
}

/** `connect_timeout` in seconds (libpq's name, which sdk's database front honours); null when absent, NaN when not 1 to 300. */
export function connectTimeoutOf(url: URL): number | null {
  const given = url.searchParams.get("connect_timeout");
  if (given === null) return null;
  const seconds = Number(given);
  return seconds > 0 && seconds <= 300 ? seconds : Number.NaN;
}

/**
 * DATABASE_URL from the environment, else the root `.env`, checked by databaseUrlProblem.
 * `use` says what it names, for the message.
 */
export function databaseUrl(root: string, dialect: ServerDialect | undefined, use: string): string {
  const url = process.env[DATABASE_URL] || readEnvFile(root)[DATABASE_URL];
  const problem = databaseUrlProblem(url, dialect);
  if (!problem) return url!;
  const example = dialect ? EXAMPLES[dialect] : `${EXAMPLES.pg} or ${EXAMPLES.mysql}`;
  const code = !url ? "SDK_DATABASE_URL_MISSING" : problem.startsWith("has connect_timeout") ? "SDK_DATABASE_CONNECT_TIMEOUT" : "SDK_DATABASE_URL_INVALID";
  throw new UserError([error(code, `${DATABASE_URL} ${problem} (it names ${use})`, {
    file: ENV_FILE,
    hint: `add a line such as ${DATABASE_URL}=${example} to ${ENV_FILE} at the project root, or set it in the environment`,
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

/** DATABASE_URL for a Hyperdrive binding's local stand-in (`sdk dev`, `sdk preview`). */
export function hyperdriveConnectionString(root: string, binding: string, dialect?: ServerDialect): string {
  return databaseUrl(root, dialect, `the database the ${binding} Hyperdrive binding's local stand-in connects to`);
}
