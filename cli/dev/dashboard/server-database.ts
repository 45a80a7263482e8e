/**
 * The data tab's reads of a PostgreSQL or MySQL app's database, at the `DATABASE_URL` the dev
 * worker's Hyperdrive binding reaches: each statement runs in a read-only transaction, rolled
 * back after, so even a statement the read-only check let through cannot write. One connection,
 * opened on the first read and closed with the dev server; each client is imported only then.
 * A database out of reach is said as `sdk db` says it (SDK_DATABASE_UNREACHABLE): which one, what
 * failed, how to fix it.
 */
import { requirePackages } from "../../../compiler/optional-packages.js";
import { databaseUnreachable, describeDatabaseUrl, hyperdriveConnectionString } from "../../db/database-url.js";

type Row = Record<string, unknown>;

export interface SqlReader {
  /** `?` placeholders are written as the dialect takes them. */
  read(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

const NAMES = { pg: "PostgreSQL", mysql: "MySQL" };

export async function openServerDatabase(root: string, binding: string, dialect: "pg" | "mysql"): Promise<SqlReader> {
  const url = hyperdriveConnectionString(root, binding, dialect);
  const description = `${NAMES[dialect]} database ${describeDatabaseUrl(url)}`;
  return dialect === "pg" ? openPostgres(url, description) : openMysql(url, description);
}

async function openPostgres(url: string, description: string): Promise<SqlReader> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, { max: 1, idle_timeout: 30, connect_timeout: 10, onnotice: () => {} });
  // postgres.js connects on its first statement: this one, so a database out of reach fails here.
  try {
    await sql.unsafe("SELECT 1");
  } catch (cause) {
    await sql.end({ timeout: 1 });
    throw databaseUnreachable(description, cause);
  }
  return {
    read: async (text, params = []) => {
      // Only the dashboard's own statements carry parameters; a query typed in keeps its `?` (a jsonb operator).
      let index = 0;
      const numbered = params.length ? text.replace(/\?/g, () => `$${++index}`) : text;
      return (await sql.begin("read only", (tx) => tx.unsafe(numbered, params as never[]))) as unknown as Row[];
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

async function openMysql(url: string, description: string): Promise<SqlReader> {
  requirePackages("mysql", '`database: "mysql"`', { file: "sdk.config.ts" });
  const { default: mysql } = await import("mysql2/promise");
  let connection: Awaited<ReturnType<typeof mysql.createConnection>>;
  try {
    connection = await mysql.createConnection({ uri: url, multipleStatements: false, timezone: "Z", connectTimeout: 10_000 });
  } catch (cause) {
    throw databaseUnreachable(description, cause);
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read: (text, params = []) => {
      // One connection: each read's transaction runs after the last one ended.
      const run = queue.then(async () => {
        await connection.query("START TRANSACTION READ ONLY");
        try {
          return (await connection.query(text, params))[0] as Row[];
        } finally {
          await connection.query("ROLLBACK");
        }
      });
      queue = run.catch(() => {});
      return run;
    },
    close: () => connection.end(),
  };
}
