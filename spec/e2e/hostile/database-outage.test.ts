/**
 * A database outage in `sdk preview` and `sdk dev` (edge: the worker reaches PostgreSQL or MySQL
 * through the Hyperdrive binding's local stand-in): while the server refuses connections, or
 * accepts them and never answers, a request that queries answers 500 within the connect deadline
 * (not the driver's 30 s), the reason is logged once per outage naming host:port and never
 * the password, the process stays up, and the first request after the server is back answers 200.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDatabase, type ServerDialect } from "../../helpers/databases.ts";
import { startDatabaseSwitch, type DatabaseSwitch } from "../../helpers/database-switch.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture, expectSuccess, runSdk, runSdkAsync, sdkBin } from "../../helpers/sdk-cli.ts";
import { startOnFreePort, type RunningServer } from "../../helpers/spawn-server.ts";
import { waitFor } from "../../helpers/wait-for.ts";

const FIXTURES: Record<ServerDialect, string> = { pg: "db-pg", mysql: "db-mysql" };
const SERVERS: Record<ServerDialect, { host: string; port: number }> = { pg: { host: "127.0.0.1", port: 5432 }, mysql: { host: "127.0.0.1", port: 3306 } };
/** The connect deadline is 5 s; the rest is a busy machine's slack. The driver's own was 30 s. */
const STALLED_BOUND_MS = 9_000;
const REFUSED_BOUND_MS = 3_000;

async function timedGet(url: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/posts`, { signal: AbortSignal.timeout(40_000) });
  const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

async function stillRunning(server: RunningServer): Promise<void> {
  const exited = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve(null), 200))]);
  assert.is(exited, null, `the process exited: ${JSON.stringify(exited)}`);
}

/** Refused, then stalled, then back: what each request answers and what the process logs. */
async function outage(server: RunningServer, sw: DatabaseSwitch, dialect: ServerDialect): Promise<void> {
  const where = `127.0.0.1:${sw.port}`;
  assert.is((await timedGet(server.url)).status, 200, "the database answers before the outage");

  await sw.set("refuse");
  for (const attempt of ["first", "second"]) {
    const refused = await timedGet(server.url);
    assert.is(refused.status, 500, `${attempt} request while refused`);
    // Preview hides the message, as production does; dev shows it.
    assert.type((refused.body as { error?: unknown }).error, "string", `${attempt} refused request's JSON: ${JSON.stringify(refused.body)}`);
    assert.ok(refused.ms < REFUSED_BOUND_MS, `${attempt} refused request took ${refused.ms.toFixed(0)} ms`);
    await stillRunning(server);
  }
  await waitFor("the refusal logged", async () => (server.output().includes(`database at ${where} refused the connection`) ? true : undefined));
  assert.is(server.output().split(`database at ${where} refused the connection (ECONNREFUSED): requests`).length - 1, 1, "one line for the outage, not one per request");

  await sw.set("stall");
  const stalled = await timedGet(server.url);
  console.log(`  ${dialect}: 500 after ${stalled.ms.toFixed(0)} ms while the database stalls`);
  assert.is(stalled.status, 500, "a request while the database stalls");
  assert.ok(stalled.ms < STALLED_BOUND_MS, `the stalled request took ${stalled.ms.toFixed(0)} ms`);
  await waitFor("the stall logged", async () => (server.output().includes(`database at ${where} accepted the connection but did not answer within 5 s`) ? true : undefined));
  await stillRunning(server);

  await sw.set("forward");
  assert.is((await timedGet(server.url)).status, 200, "the first request after the database is back");
  await waitFor("the recovery logged", async () => (server.output().includes(`database at ${where} answers again`) ? true : undefined));
  assert.not.match(server.output(), ":sdk_test@", "the password is never logged");
}

/** The fixture migrated through the switch, its DATABASE_URL in `.env` pointing at the switch. */
function appOn(dialect: ServerDialect, databaseUrl: string): string {
  const root = copyFixture("fixtures", FIXTURES[dialect]);
  writeFileSync(path.join(root, ".env"), `DATABASE_URL=${databaseUrl}\n`);
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  return root;
}

/** `start` on the fixture, its database reached through a switch; `query` is added to DATABASE_URL. */
async function withApp(dialect: ServerDialect, start: (root: string) => Promise<RunningServer>, query: string, use: (server: RunningServer, sw: DatabaseSwitch) => Promise<void>): Promise<void> {
  await withDatabase(dialect, async (database) => {
    const sw = await startDatabaseSwitch(SERVERS[dialect]);
    try {
      const server = await start(appOn(dialect, `${sw.via(database.url)}${query}`));
      try {
        await use(server, sw);
      } catch (cause) {
        throw new Error(`${(cause as Error).message}\n--- output ---\n${server.output()}`);
      } finally {
        await server.stop();
      }
    } finally {
      await sw.close();
    }
  });
}

/** `sdk db migrate` runs beside this process, whose switch forwards its connection. */
async function preview(root: string): Promise<RunningServer> {
  expectSuccess(await runSdkAsync(["db", "migrate", "--root", root]), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", root]), "sdk build");
  return startOnFreePort((port) => ({ command: process.execPath, args: [sdkBin(), "preview", "--root", root, "--port", String(port), "--host", "127.0.0.1"], options: { timeoutMs: 60_000 } }));
}

test("sdk preview, pg: the worker's own connect deadline (10 s, as on the platform) bounds a stall the front would wait longer for", () =>
  withApp("pg", preview, "?connect_timeout=60", async (server, sw) => {
    await sw.set("stall");
    const stalled = await timedGet(server.url);
    console.log(`  pg, front at 60 s: 500 after ${stalled.ms.toFixed(0)} ms`);
    assert.is(stalled.status, 500);
    assert.ok(stalled.ms > 9_000 && stalled.ms < 14_000, `the stalled request took ${stalled.ms.toFixed(0)} ms`);
    await stillRunning(server);
  }));

for (const dialect of ["pg", "mysql"] as const) {
  test(`sdk preview, ${dialect}: refused and stalled answer 500 within the deadline, the process stays up, and it recovers`, () => withApp(dialect, preview, "", (server, sw) => outage(server, sw, dialect)));
  test(`sdk dev (edge), ${dialect}: refused and stalled answer 500 within the deadline, the process stays up, and it recovers`, () => withApp(dialect, (root) => startDev(root), "", (server, sw) => outage(server, sw, dialect)));
}

test.run();
