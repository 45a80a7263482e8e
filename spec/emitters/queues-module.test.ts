/**
 * Queues in the generated config: wrangler.json's producers and consumers (names prefixed by the
 * worker's, `edge.name` when set), the generated queues.ts naming the same deployed queues, and
 * the Miniflare options `sdk preview` reads from that file.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { miniflareOptions, type WranglerJson } from "../../cli/preview/miniflare-options.ts";
import { emitTarget } from "../../emitters/emit.ts";
import { emitWranglerConfig } from "../../emitters/wrangler.ts";
import { irWith } from "../helpers/scan-ir.ts";

const queues = [
  { file: "queues/emails.ts", queue: "emails", batch: { maxSize: 10, maxWaitSeconds: 2, maxRetries: 5, retryDelaySeconds: 60 } },
  { file: "queues/order-events.ts", queue: "order-events", batch: {} },
];
const jobs = { crons: [], queues, email: [], durableObjects: [], websockets: [] };

test("wrangler.json: a producer binding QUEUE_<NAME> and a consumer with the file's settings, per file", () => {
  const config = emitWranglerConfig({ ir: irWith({ target: "edge", jobs }), defaultName: "Shop" });
  assert.equal(config.queues, {
    producers: [
      { binding: "QUEUE_EMAILS", queue: "shop-emails" },
      { binding: "QUEUE_ORDER_EVENTS", queue: "shop-order-events" },
    ],
    consumers: [
      { queue: "shop-emails", max_batch_size: 10, max_batch_timeout: 2, max_retries: 5, retry_delay: 60 },
      { queue: "shop-order-events" },
    ],
  });
  assert.not.ok("queues" in emitWranglerConfig({ ir: irWith({ target: "edge" }), defaultName: "shop" }), "no queues/, no queues");
});

test("edge.name prefixes the queue names, in wrangler.json and in the generated dispatch table", () => {
  const ir = irWith({ target: "edge", jobs, config: { edge: { name: "storefront" } } });
  const config = emitWranglerConfig({ ir, defaultName: "shop" });
  assert.equal((config.queues as { producers: { queue: string }[] }).producers.map((p) => p.queue), ["storefront-emails", "storefront-order-events"]);
  const files = emitTarget(ir, { projectRootFromGenerated: "../../..", defaultName: "shop" });
  const table = files.find((file) => file.path === "queues.ts")!.content;
  assert.match(table, '{ file: "queues/emails.ts", queue: "emails", deployedAs: "storefront-emails", handler: queue0 }');
  assert.match(files.find((file) => file.path === "worker.ts")!.content, "createWorker(app, { assets, routing, queue })");
});

test("an app without queues/ emits no queues.ts and no queue export", () => {
  const files = emitTarget(irWith({ target: "edge" }), { projectRootFromGenerated: "../../..", defaultName: "shop" });
  assert.not.ok(files.some((file) => file.path === "queues.ts"));
  assert.not.match(files.find((file) => file.path === "worker.ts")!.content, "queue");
});

test("Miniflare gets the producers by binding and the consumers by queue, with their settings", () => {
  const wrangler = emitWranglerConfig({ ir: irWith({ target: "edge", jobs }), defaultName: "shop" }) as unknown as WranglerJson;
  const options = miniflareOptions("/dist/server", wrangler, { port: 8787, host: "127.0.0.1" }) as Record<string, unknown>;
  assert.equal(options.queueProducers, { QUEUE_EMAILS: { queueName: "shop-emails" }, QUEUE_ORDER_EVENTS: { queueName: "shop-order-events" } });
  assert.equal(options.queueConsumers, { "shop-emails": { maxBatchSize: 10, maxBatchTimeout: 2, maxRetries: 5, retryDelay: 60 }, "shop-order-events": {} });
});

test.run();
