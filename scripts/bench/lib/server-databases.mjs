// A fresh database on this machine's PostgreSQL or MySQL (MariaDB) server for one figure, dropped
// when it ends, even when it fails. Its URL carries a password, as Miniflare's Hyperdrive stand-in
// requires: here PostgreSQL trusts local connections and ignores it; on MySQL the database gets a
// user of its own that has one, dropped with it.
import { randomBytes } from "node:crypto";
import os from "node:os";
import mysql from "mysql2/promise";
import postgres from "postgres";

const ADMIN = {
  pg: "postgres://postgres@127.0.0.1:5432/postgres",
  mysql: "mysql://root@127.0.0.1:3306/mysql",
};

const SERVER = { pg: "127.0.0.1:5432", mysql: "127.0.0.1:3306" };

async function connect(dialect, url) {
  try {
    if (dialect === "pg") {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      // postgres.js connects on its first query: a server that is down fails here, with the message below.
      await sql`SELECT 1`;
      return { query: (text) => sql.unsafe(text), end: () => sql.end() };
    }
    const connection = await mysql.createConnection({ uri: url });
    return { query: (text) => connection.query(text), end: () => connection.end() };
  } catch (cause) {
    throw new Error(`the db figure needs a ${dialect === "pg" ? "PostgreSQL" : "MySQL"} server at ${url}: ${cause.message}`, { cause });
  }
}

/**
 * Runs `run({ url, query })` with a new, empty database: `url` is what `DATABASE_URL` is set to,
 * `query(sql)` runs a statement in it. The database is dropped when `run` settles, and also when
 * the run is interrupted (Ctrl-C), which would otherwise skip every `finally`.
 */
export async function withServerDatabase(dialect, run) {
  const name = `sdk_bench_${randomBytes(6).toString("hex")}`;
  const admin = await connect(dialect, ADMIN[dialect]);
  let dropped;
  const drop = () => (dropped ??= dropDatabase(dialect, admin, name));
  const onSignal = (signal) => void drop().finally(() => process.exit(128 + os.constants.signals[signal]));
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    if (dialect === "mysql") {
      await admin.query(`CREATE USER '${name}'@'%' IDENTIFIED BY '${name}'`);
      await admin.query(`GRANT ALL ON ${name}.* TO '${name}'@'%'`);
    }
    const url = dialect === "pg" ? `postgres://postgres:${name}@${SERVER.pg}/${name}` : `mysql://${name}:${name}@${SERVER.mysql}/${name}`;
    const connection = await connect(dialect, url);
    try {
      return await run({ url, query: (sql) => connection.query(sql) });
    } finally {
      await connection.end();
    }
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
    await drop();
  }
}

async function dropDatabase(dialect, admin, name) {
  await admin.query(`DROP DATABASE IF EXISTS ${name}${dialect === "pg" ? " WITH (FORCE)" : ""}`);
  if (dialect === "mysql") await admin.query(`DROP USER IF EXISTS '${name}'@'%'`);
  await admin.end();
}
