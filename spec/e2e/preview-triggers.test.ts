/**
 * Crons fired over HTTP in `sdk preview`, as docs/pages/crons.md says: the fixture built for the edge with
 * the packed package, served by `sdk preview` in workerd, and `/cdn-cgi/handler/scheduled`
 * requested as a user's curl does, first with the command preview prints. The cron's effect is
 * read back through the app, its output from the terminal; an expression no file exports runs
 * nothing and the output names the known ones; a request naming another host is refused.
 */
import { request } from "node:http";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.ts";
import type { RunningServer } from "../helpers/spawn-server.ts";
import { waitFor } from "../helpers/wait-for.ts";

const root = buildFixture("e2e-crons", "edge");

function fire(server: RunningServer, cron: string | null): Promise<Response> {
  const query = cron === null ? "" : `?cron=${encodeURIComponent(cron)}`;
  return fetch(`${server.url}/cdn-cgi/handler/scheduled${query}`);
}

async function runs(server: RunningServer): Promise<string[]> {
  return ((await (await fetch(`${server.url}/api/runs`)).json()) as { runs: string[] }).runs;
}

/** workerd's output reaches the server's a moment after the answer. */
const printed = (server: RunningServer, pattern: RegExp) => waitFor(`output matching ${pattern}`, async () => (pattern.test(server.output()) ? true : undefined));

/**
 * The commands `sdk preview` prints at start, one per expression of wrangler.json's triggers.crons,
 * once both have reached the output (the server counts as started on its Listening line).
 */
async function printedCommands(server: RunningServer): Promise<string[]> {
  const commands = () => [...server.output().matchAll(/curl -X POST '([^']+)'/g)].map((match) => match[1]!);
  await waitFor("both cron commands printed", async () => (commands().length === 2 ? true : undefined));
  return commands();
}

test("the printed command for an expression runs both its files, with the vars, and their output is printed", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const commands = await printedCommands(server);
    assert.equal(commands, [`${server.url}/cdn-cgi/handler/scheduled?cron=*%2F5%20*%20*%20*%20*`, `${server.url}/cdn-cgi/handler/scheduled?cron=0%203%20*%20*%20*`]);
    const response = await fetch(commands[1]!, { method: "POST" });
    assert.is(await response.text(), "ok");
    assert.is(response.status, 200);
    assert.equal((await runs(server)).sort(), ["cleanup 0 3 * * * from vars", "report", "report's background work"]);
    await printed(server, /cleanup ran for "0 3 \* \* \*"/);
  });
});

test("GET with a throwing handler: 500 exception, the error printed with its file, the other file still ran", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const response = await fire(server, "*/5 * * * *");
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

/** A request as a client elsewhere sends it, naming its own host (fetch() would not let the test set Host). */
function fireWithHost(server: RunningServer, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("0 3 * * *")}`, { headers: { host } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    sent.on("error", reject).end();
  });
}

test("the trigger answers only requests for this machine's host names: another Host is a 403 and nothing runs", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.is(await fireWithHost(server, "attacker.example"), 403);
    assert.is(await fireWithHost(server, "localhost.attacker.example"), 403);
    assert.equal(await runs(server), []);
  });
});

test.run();
