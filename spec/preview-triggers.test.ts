/**
 * Crons fired over HTTP in `sdk preview`, as README says: the fixture built for the edge with
 * the packed package, served by `sdk preview` in workerd, and `/cdn-cgi/handler/scheduled`
 * requested as a user's curl does. The cron's effect is read back through the app, its output
 * from the terminal, and an expression no file exports runs nothing and is named in the output
 * with the known ones.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildFixture, startBuilt, withServer } from "./e2e/targets.ts";
import type { RunningServer } from "./helpers/spawn-server.ts";
import { waitFor } from "./helpers/wait-for.ts";

const root = buildFixture("e2e-crons", "edge");

function fire(server: RunningServer, cron: string | null, method = "GET"): Promise<Response> {
  const query = cron === null ? "" : `?cron=${encodeURIComponent(cron)}`;
  return fetch(`${server.url}/cdn-cgi/handler/scheduled${query}`, { method });
}

async function runs(server: RunningServer): Promise<string[]> {
  return ((await (await fetch(`${server.url}/api/runs`)).json()) as { runs: string[] }).runs;
}

/** workerd's output reaches the server's a moment after the answer. */
const printed = (server: RunningServer, pattern: RegExp) => waitFor(`output matching ${pattern}`, async () => (pattern.test(server.output()) ? true : undefined));

test("GET /cdn-cgi/handler/scheduled runs both files of the expression, with the vars, and their output is printed", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const response = await fire(server, "0 3 * * *");
    assert.is(await response.text(), "ok");
    assert.is(response.status, 200);
    assert.equal((await runs(server)).sort(), ["cleanup 0 3 * * * from vars", "report", "report's background work"]);
    await printed(server, /cleanup ran for "0 3 \* \* \*"/);
  });
});

test("POST with a throwing handler: 500 exception, the error printed with its file, the other file still ran", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const response = await fire(server, "*/5 * * * *", "POST");
    assert.is(response.status, 500);
    assert.is(await response.text(), "exception");
    assert.ok((await runs(server)).includes("every-five"));
    await printed(server, /cron crons\/broken\.ts \("\*\/5 \* \* \* \*"\) threw/);
    await printed(server, /broken cron failed/);
  });
});

test("an expression no file exports, or none named, runs nothing and the output names the known ones", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    // Miniflare's trigger answers only ok or exception; the worker says what it did not run.
    assert.is((await fire(server, "1 2 3 4 5")).status, 200);
    await printed(server, /no cron file exports "1 2 3 4 5": nothing ran \(the cron files export "\*\/5 \* \* \* \*", "0 3 \* \* \*"\)/);
    assert.is((await fire(server, null)).status, 200);
    await printed(server, /no cron expression was named: nothing ran/);
    assert.equal(await runs(server), []);
  });
});

test.run();
