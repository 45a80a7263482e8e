/**
 * The data tab's PostgreSQL or MySQL database out of reach: the tab says which database
 * (DATABASE_URL's host and port), that connecting failed and how to fix it, as `sdk db` does
 * (SDK_DATABASE_UNREACHABLE), not the driver's bare error. Port 1 on loopback: nothing listens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { UserError } from "../../../../compiler/diagnostics.ts";
import { dataAnswers, type DataBindings } from "../../../../cli/dev/dashboard/data.ts";
import { openServerDatabase } from "../../../../cli/dev/dashboard/server-database.ts";
import type { WorkerBridge } from "../../../../cli/dev/dashboard/worker-bridge.ts";

const UNREACHABLE = { pg: "postgres://app:secret@127.0.0.1:1/my_app", mysql: "mysql://app:secret@127.0.0.1:1/my_app" };
const NAMES = { pg: "PostgreSQL", mysql: "MySQL" };

const root = mkdtempSync(path.join(os.tmpdir(), "sdk-dashboard-db-"));
const saved = process.env.DATABASE_URL;
test.after(() => {
  rmSync(root, { recursive: true, force: true });
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
});

/** The error of the first read, whether opening or reading failed. */
async function firstReadError(dialect: "pg" | "mysql"): Promise<unknown> {
  process.env.DATABASE_URL = UNREACHABLE[dialect];
  return openServerDatabase(root, "DB", dialect)
    .then(async (reader) => {
      try {
        await reader.read("SELECT 1");
      } finally {
        await reader.close().catch(() => {});
      }
    })
    .then(() => null, (error: unknown) => error);
}

for (const dialect of ["pg", "mysql"] as const) {
  test(`${NAMES[dialect]} out of reach: which database, what failed and how to fix it`, async () => {
    const error = await firstReadError(dialect);
    assert.instance(error, UserError);
    const message = (error as Error).message;
    assert.match(message, "SDK_DATABASE_UNREACHABLE");
    assert.match(message, `cannot connect to ${NAMES[dialect]} database my_app on 127.0.0.1:1`);
    assert.match(message, "ECONNREFUSED");
    assert.match(message, "start the database server, or correct DATABASE_URL");
    assert.not.match(message, "secret", "the password stays out of the message");
  });

  test(`${NAMES[dialect]} out of reach: the data tab answers 400 with that message`, async () => {
    process.env.DATABASE_URL = UNREACHABLE[dialect];
    const bindings = (): DataBindings => ({ database: { dialect, binding: "DB" }, kv: [], r2: [] });
    const data = dataAnswers({} as WorkerBridge, bindings, (binding, which) => openServerDatabase(root, binding, which));
    const answer = await data.tables();
    assert.is(answer.status, 400);
    assert.match((answer.body as { error: string }).error, `SDK_DATABASE_UNREACHABLE .env: cannot connect to ${NAMES[dialect]} database my_app on 127.0.0.1:1`);
  });
}

test.run();
