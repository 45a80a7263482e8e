/**
 * Queues under `sdk dev` on the edge: Cloudflare's Vite plugin runs the dev wrangler.json's
 * producers and consumers in workerd, so what a route sends reaches `queues/` while developing,
 * with the same ack and retry semantics as the build (spec/e2e/queues.test.ts).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withServer } from "../../helpers/e2e/targets.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";
import { waitFor } from "../../helpers/wait-for.ts";

test("a route sends in sdk dev; the consumers ack and retry", async () => {
  const root = copyFixture("fixtures", "e2e-queues");
  await withServer(() => startDev(root), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/send`, { method: "POST" })).json(), { sent: 4 });
    const consumed = await waitFor("the dev consumers to have seen every delivery", async () => {
      const { consumed } = (await (await fetch(`${server.url}/api/consumed`)).json()) as { consumed: string[] };
      return consumed.length >= 6 ? consumed : undefined;
    });
    assert.ok(consumed.includes("emails grace@example.com attempt 2"), consumed.join("\n"));
    assert.ok(consumed.includes("flaky-jobs flaky attempt 2"), consumed.join("\n"));
  });
});

test.run();
