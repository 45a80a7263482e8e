/**
 * `queues/` at build time: the queue name from the file name (lowercase letters, digits, dashes),
 * the literal `batch` settings within Cloudflare's limits, every `queue("<name>")` of `sdk/queue`
 * checked against the files, and the edge-only rule.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { deployedQueueName, queueBindingName, QUEUE_NAME_PATTERN } from "../../../runtime/queue/names.ts";
import { brief, scanFixture } from "../../helpers/scan-ir.ts";

test("names: lowercase letters, digits and single dashes; the binding is QUEUE_<NAME>", () => {
  for (const good of ["emails", "order-events", "v2", "a-1-b"]) assert.ok(QUEUE_NAME_PATTERN.test(good), good);
  for (const bad of ["Emails", "order_events", "-emails", "emails-", "a--b", "e.mails", ""]) assert.not.ok(QUEUE_NAME_PATTERN.test(bad), bad);
  assert.is(queueBindingName("order-events"), "QUEUE_ORDER_EVENTS");
  assert.is(deployedQueueName("shop", "order-events"), "shop-order-events");
});

test("a file name that is no queue name is a located error with a name that is", () => {
  const ir = scanFixture("scan-queues");
  const bad = ir.diagnostics.find((d) => d.code === "SDK_QUEUE_BAD_NAME");
  assert.is(brief(bad!), "error SDK_QUEUE_BAD_NAME queues/Order_Events.ts:1:1");
  assert.match(bad!.hint!, "queues/order-events.ts");
  assert.not.ok(ir.jobs.queues.some((q) => q.file === "queues/Order_Events.ts"));
});

test("batch settings: literal integers within Cloudflare's limits, a key quoted or not, else located errors", () => {
  const ir = scanFixture("scan-queues");
  assert.equal(ir.jobs.queues.find((q) => q.queue === "emails")!.batch, { maxSize: 20, maxWaitSeconds: 5, maxRetries: 4, retryDelaySeconds: 30 });
  const invalid = ir.diagnostics.filter((d) => d.code === "SDK_QUEUE_SETTINGS_INVALID").map(brief);
  assert.equal(invalid, ["error SDK_QUEUE_SETTINGS_INVALID queues/computed.ts:4:22", "error SDK_QUEUE_SETTINGS_INVALID queues/too-big.ts:3:33"]);
});

test("queue(\"<name>\") calls: named, aliased and namespace imports; a name no file consumes is an error at the call", () => {
  const ir = scanFixture("scan-queues");
  assert.equal(ir.queueSends.map((send) => `${send.queue} ${send.line}:${send.column}`), ["emails 8:15", "too-big 9:22", "nightly 10:14"]);
  const unknown = ir.diagnostics.filter((d) => d.code === "SDK_QUEUE_UNKNOWN");
  assert.equal(unknown.map(brief), ["error SDK_QUEUE_UNKNOWN routes/api/send.ts:10:14"]);
  assert.match(unknown[0]!.hint!, '"emails"');
  assert.is(ir.diagnostics.length, 4);
});

test("on node, bun and deno each queue file and each sdk/queue import is an error", () => {
  for (const target of ["node", "bun", "deno"] as const) {
    const codes = scanFixture("scan-queues", { target }).diagnostics.map(brief);
    for (const file of ["computed", "emails", "too-big"]) assert.ok(codes.includes(`error SDK_QUEUE_EDGE_ONLY queues/${file}.ts:1:1`), `${target} ${file}`);
    assert.ok(codes.includes("error SDK_EDGE_ONLY_IMPORT routes/api/send.ts:3:38"), target);
  }
});

test.run();
