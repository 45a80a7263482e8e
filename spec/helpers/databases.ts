/**
 * A fresh database on this machine's PostgreSQL or MariaDB server for one test, dropped when the
 * test ends, even when it fails: `CREATE DATABASE sdk_test_<random>` before, `DROP DATABASE` after.
 * Its URL carries a password, as Miniflare's Hyperdrive stand-in requires: PostgreSQL trusts local
 * connections and ignores it; on MariaDB the database belongs to a user that has one.
 */
import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";
import postgres from "postgres";
import { survivePipedSocketResets } from "../../cli/preview/socket-reset-guard.ts";

// Tests run Miniflare's local Hyperdrive in this process, and dropping a database resets its sockets.
survivePipedSocketResets();

export type ServerDialect = "pg" | "mysql";

export type Row = Record<string, unknown>;

export interface ServerDatabase {
  /** What `DATABASE_URL` is set to for `sdk`. */
  url: string;
  query(sql: string): Promise<Row[]>;
}

const ADMIN: Record<ServerDialect, string> = {
  pg: "postgres://postgres@127.0.0.1:5432/postgres",
  mysql: "mysql://root@127.0.0.1:3306/mysql",
};

const APP: Record<ServerDialect, string> = {
  pg: "postgres://postgres:sdk_test@127.0.0.1:5432",
  mysql: "mysql://sdk_test:sdk_test@127.0.0.1:3306",
};

interface Connection {
  query(sql: string): Promise<Row[]>;
  end(): Promise<void>;
}

async function connect(dialect: ServerDialect, url: string): Promise<Connection> {
  if (dialect === "pg") {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    return { query: async (text) => [...(await sql.unsafe(text))], end: () => sql.end() };
  }
  const connection = await mysql.createConnection({ uri: url });
  // An idle connection the server resets emits `error` with no query to reject; unheard, it would
  // end the test process. The next query on it still fails, saying the connection is closed.
  connection.on("error", (error) => console.error(`[databases] ${url.replace(/\/\/[^@]*@/, "//")}: ${error.message}`));
  return { query: async (text) => (await connection.query(text))[0] as Row[], end: () => connection.end() };
}

export async function withDatabase<T>(dialect: ServerDialect, run: (database: ServerDatabase) => Promise<T>): Promise<T> {
  const name = `sdk_test_${randomBytes(6).toString("hex")}`;
  const admin = await connect(dialect, ADMIN[dialect]);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    if (dialect === "mysql") {
      await admin.query("CREATE USER IF NOT EXISTS 'sdk_test'@'%' IDENTIFIED BY 'sdk_test'");
      await admin.query(`GRANT ALL ON ${name}.* TO 'sdk_test'@'%'`);
    }
    const url = `${APP[dialect]}/${name}`;
    const connection = await connect(dialect, url);
    try {
      return await run({ url, query: (sql) => connection.query(sql) });
    } finally {
      await connection.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}${dialect === "pg" ? " WITH (FORCE)" : ""}`);
    await admin.end();
  }
}
