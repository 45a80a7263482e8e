/**
 * The front of the local Hyperdrive stand-in, with the drivers the worker uses: a refused or
 * stalled database is a failed connection within the connect deadline, its reason naming host:port
 * in the driver's error and, once per outage, in the log (never the password); a live one is
 * passed through untouched. `?connect_timeout=1` keeps the stalled cases short.
 */
import mysql from "mysql2/promise";
import postgres from "postgres";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startDatabaseFront, type DatabaseFront } from "../../../cli/preview/database-front.ts";
import { startDatabaseSwitch, type DatabaseSwitch, type SwitchMode } from "../../helpers/database-switch.ts";

type Dialect = "pg" | "mysql";

const SERVERS: Record<Dialect, { host: string; port: number; url: string }> = {
  pg: { host: "127.0.0.1", port: 5432, url: "postgres://postgres:hunter2@127.0.0.1:5432/postgres" },
  mysql: { host: "127.0.0.1", port: 3306, url: "mysql://root:hunter2@127.0.0.1:3306/mysql" },
};

/** One query through the front, as the worker's per-request client makes it; its error's message, or "ok". */
async function query(dialect: Dialect, url: string): Promise<string> {
  try {
    if (dialect === "pg") {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await sql`select 1`;
      } finally {
        await sql.end({ timeout: 1 });
      }
    } else {
      const pool = mysql.createPool({ uri: url, connectionLimit: 1 });
      try {
        await pool.query("select 1");
      } finally {
        await pool.end();
      }
    }
    return "ok";
  } catch (error) {
    return (error as Error).message;
  }
}

/** MariaDB's root has no password here; the front passes whatever the client sends. */
const clientUrl = (dialect: Dialect, front: DatabaseFront) => (dialect === "mysql" ? front.url.replace(":hunter2@", "@") : front.url);

async function withFront(dialect: Dialect, mode: SwitchMode, use: (front: DatabaseFront, sw: DatabaseSwitch, lines: string[]) => Promise<void>): Promise<void> {
  const sw = await startDatabaseSwitch(SERVERS[dialect]);
  const lines: string[] = [];
  try {
    await sw.set(mode);
    const front = await startDatabaseFront(`${sw.via(SERVERS[dialect].url)}?connect_timeout=1`, (line) => lines.push(line));
    try {
      await use(front, sw, lines);
    } finally {
      await front.close();
    }
  } finally {
    await sw.close();
  }
}

for (const dialect of ["pg", "mysql"] as const) {
  test(`${dialect}: refused is one failed query at once, naming host:port, then the next connects`, () =>
    withFront(dialect, "refuse", async (front, sw, lines) => {
      const started = performance.now();
      const message = await query(dialect, clientUrl(dialect, front));
      assert.ok(performance.now() - started < 1_000, "no wait for a refusal");
      assert.is(message, `sdk: the database at 127.0.0.1:${sw.port} refused the connection (ECONNREFUSED)`);
      assert.is(await query(dialect, clientUrl(dialect, front)), message, "the next connection is refused too");
      await sw.set("forward");
      assert.is(await query(dialect, clientUrl(dialect, front)), "ok");
      assert.equal(lines, [
        `database at 127.0.0.1:${sw.port} refused the connection (ECONNREFUSED): requests that query fail until it answers; each new connection tries again`,
        `database at 127.0.0.1:${sw.port} answers again`,
      ], "one line per outage, not per connection");
    }));

  test(`${dialect}: a server that accepts and never answers fails the query at the deadline`, () =>
    withFront(dialect, "stall", async (front, sw, lines) => {
      const started = performance.now();
      const message = await query(dialect, clientUrl(dialect, front));
      const ms = performance.now() - started;
      assert.ok(ms > 900 && ms < 3_000, `failed after ${ms.toFixed(0)} ms`);
      assert.is(message, `sdk: the database at 127.0.0.1:${sw.port} accepted the connection but did not answer within 1 s`);
      assert.is(lines.length, 1);
      assert.not.match(lines.join("\n"), "hunter2");
    }));
}

test("the connect deadline comes from DATABASE_URL's connect_timeout, which must be a number of seconds", async () => {
  try {
    await startDatabaseFront("postgres://u:p@127.0.0.1:5432/db?connect_timeout=soon", () => {});
    assert.unreachable("a word is not a timeout");
  } catch (error) {
    assert.match(String((error as { diagnostics?: { message: string }[] }).diagnostics?.[0]?.message), `connect_timeout is "soon", not a number of seconds`);
  }
});

test.run();
