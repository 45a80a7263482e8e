/**
 * The data tab's reads of a PostgreSQL or MySQL app's database, at the `DATABASE_URL` the dev
 * worker's Hyperdrive binding reaches: each statement runs in a read-only transaction, rolled
 * back after, so even a statement the read-only check let through cannot write. One connection,
 * opened on the first read and closed with the dev server; each client is imported only then.
 */
import { requirePackages } from "../../../compiler/optional-packages.js";
import { hyperdriveConnectionString } from "../../db/database-url.js";

type Row = Record<string, unknown>;

export interface SqlReader {
  /** `?` placeholders are written as the dialect takes them. */
  read(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function openServerDatabase(root: string, binding: string, dialect: "pg" | "mysql"): Promise<SqlReader> {
  const url = hyperdriveConnectionString(root, binding, dialect);
  if (dialect === "pg") {
    const { default: postgres } = await import("postgres");
    const sql = postgres(url, { max: 1, idle_timeout: 30, connect_timeout: 10, onnotice: () => {} });
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
  requirePackages("mysql", '`database: "mysql"`', { file: "sdk.config.ts" });
  const { default: mysql } = await import("mysql2/promise");
  const connection = await mysql.createConnection({ uri: url, multipleStatements: false, timezone: "Z", connectTimeout: 10_000 });
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
