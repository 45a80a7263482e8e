/**
 * Queues as users run them: the fixture built for the edge and served by `sdk preview` in
 * workerd, whose queue broker delivers what a route sends to the worker's `queue` export. A
 * message acked is done, one retried comes back with attempts 2, and when a handler throws only
 * the messages it did not ack come back (workerd's broker alone would retry the acked one too).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { waitFor } from "../helpers/wait-for.ts";

const root = buildFixture("e2e-queues", "edge");

const EXPECTED = [
  "emails ada@example.com attempt 1",
  "emails grace@example.com attempt 1",
  "emails grace@example.com attempt 2",
  "flaky-jobs flaky attempt 1",
  "flaky-jobs flaky attempt 2",
  "flaky-jobs keep attempt 1",
];

test("wrangler.json names each queue's producer binding and consumer, with the file's settings", () => {
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.equal(wrangler.queues.producers, [
    { binding: "QUEUE_EMAILS", queue: "e2e-queues-emails" },
    { binding: "QUEUE_FLAKY_JOBS", queue: "e2e-queues-flaky-jobs" },
  ]);
  assert.equal(wrangler.queues.consumers, [
    { queue: "e2e-queues-emails", max_batch_size: 10, max_batch_timeout: 1 },
    { queue: "e2e-queues-flaky-jobs", max_retries: 2, retry_delay: 0 },
  ]);
});

test("a route sends; the consumers ack, retry, and retry after a throw only what was not acked", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/send`, { method: "POST" })).json(), { sent: 4 });
    const consumed = await waitFor("the consumers to have seen every delivery", async () => {
      const { consumed } = (await (await fetch(`${server.url}/api/consumed`)).json()) as { consumed: string[] };
      return consumed.length >= EXPECTED.length ? consumed : undefined;
    });
    assert.equal([...consumed].sort(), EXPECTED);
    assert.match(server.output(), /queue queues\/flaky-jobs\.ts threw/);
  });
});

test.run();
