/**
 * The queue dispatch (runtime/jobs/queue.ts) with Cloudflare's semantics: the batch goes to the
 * file consuming its queue, an ack or retry is final, a handler that returns leaves its untouched
 * messages done, one that throws has every message it did not ack retried, and a batch of a queue
 * no file consumes is logged and retried.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { defineQueue, type QueueBatch } from "../../../runtime/index.ts";
import { createQueueDispatch, type PlatformBatch } from "../../../runtime/jobs/queue.ts";

/** A platform batch that records each call the dispatch makes on it. */
function platformBatch(queue: string, bodies: unknown[]): { batch: PlatformBatch; calls: string[] } {
  const calls: string[] = [];
  const messages = bodies.map((body, i) => ({
    id: `m${i}`,
    timestamp: new Date(1_700_000_000_000),
    body,
    attempts: 1,
    ack: () => void calls.push(`ack m${i}`),
    retry: (options?: { delaySeconds?: number }) => void calls.push(`retry m${i}${options?.delaySeconds ? ` +${options.delaySeconds}s` : ""}`),
  }));
  return {
    calls,
    batch: { queue, messages, ackAll: () => void calls.push("ackAll"), retryAll: () => void calls.push("retryAll") },
  };
}

async function capturingErrors<T>(work: () => Promise<T>): Promise<{ result: T; logged: string[] }> {
  const logged: string[] = [];
  const { error } = console;
  console.error = (...args: unknown[]) => void logged.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" "));
  try {
    return { result: await work(), logged };
  } finally {
    console.error = error;
  }
}

const table = (handler: ReturnType<typeof defineQueue>) => [
  { file: "queues/emails.ts", queue: "emails", deployedAs: "shop-emails", handler },
  { file: "queues/other.ts", queue: "other", deployedAs: "shop-other", handler: defineQueue(() => assert.unreachable("the other queue's handler ran")) },
];

test("the batch reaches its file by deployed name, with the file's queue name, the messages, the env and waitUntil", async () => {
  let seen: QueueBatch | undefined;
  const waited: Promise<unknown>[] = [];
  const dispatch = createQueueDispatch(table(defineQueue((batch) => void (seen = batch))));
  const { batch, calls } = platformBatch("shop-emails", [{ to: "ada" }, { to: "grace" }]);
  const outcome = await dispatch(batch, { VAR: "x" }, { waitUntil: (promise) => void waited.push(promise) });
  assert.is(seen!.queue, "emails");
  assert.equal(seen!.messages.map((m) => [m.id, m.body, m.attempts, m.timestamp.getTime()]), [["m0", { to: "ada" }, 1, 1_700_000_000_000], ["m1", { to: "grace" }, 1, 1_700_000_000_000]]);
  assert.equal(seen!.env, { VAR: "x" });
  seen!.waitUntil(Promise.resolve());
  assert.is(waited.length, 1);
  assert.equal(calls, ["ack m0", "ack m1"], "untouched messages of a handler that returned are done");
  assert.equal(outcome, { file: "queues/emails.ts", acked: ["m0", "m1"], retried: [] });
});

test("ack and retry per message are final: the first decision counts, with its delay", async () => {
  const dispatch = createQueueDispatch(
    table(
      defineQueue((batch) => {
        batch.messages[0]!.ack();
        batch.messages[0]!.retry();
        batch.messages[1]!.retry({ delaySeconds: 30 });
        batch.messages[1]!.ack();
      }),
    ),
  );
  const { batch, calls } = platformBatch("shop-emails", ["a", "b", "c"]);
  const outcome = await dispatch(batch);
  assert.equal(calls, ["ack m0", "retry m1 +30s", "ack m2"]);
  assert.equal(outcome, { file: "queues/emails.ts", acked: ["m0", "m2"], retried: ["m1"] });
});

test("a handler that throws: the messages it acked stay done, all others are retried, and the error is logged with the file", async () => {
  const dispatch = createQueueDispatch(
    table(
      defineQueue(async (batch) => {
        batch.messages[0]!.ack();
        throw new Error("mail server down");
      }),
    ),
  );
  const { batch, calls } = platformBatch("shop-emails", ["a", "b", "c"]);
  const { result, logged } = await capturingErrors(() => dispatch(batch));
  assert.equal(calls, ["ack m0", "retry m1", "retry m2"]);
  assert.equal(result, { file: "queues/emails.ts", acked: ["m0"], retried: ["m1", "m2"], error: "mail server down" });
  assert.match(logged.join("\n"), /queue queues\/emails\.ts threw.*mail server down/);
});

test("ackAll and retryAll decide every message not decided yet", async () => {
  const dispatch = createQueueDispatch(
    table(
      defineQueue((batch) => {
        batch.messages[0]!.ack();
        batch.retryAll({ delaySeconds: 5 });
        batch.ackAll();
      }),
    ),
  );
  const { batch, calls } = platformBatch("shop-emails", ["a", "b"]);
  assert.equal((await dispatch(batch)).retried, ["m1"]);
  assert.equal(calls, ["ack m0", "retry m1 +5s"]);
});

test("a batch of a queue no file consumes is logged and retried", async () => {
  const dispatch = createQueueDispatch(table(defineQueue(() => assert.unreachable("no handler runs"))));
  const { batch, calls } = platformBatch("emails", ["a"]);
  const { result, logged } = await capturingErrors(() => dispatch(batch));
  assert.equal(calls, ["retryAll"]);
  assert.equal(result, { file: null, acked: [], retried: ["m0"] });
  assert.match(logged.join("\n"), /queue "emails", which no file in queues\/ consumes/);
});

test("a table entry that is not a defineQueue() result fails at start, naming the file", () => {
  assert.throws(() => createQueueDispatch([{ file: "queues/raw.ts", queue: "raw", deployedAs: "shop-raw", handler: (() => {}) as never }]), /queues\/raw\.ts: the default export is not a defineQueue\(\) result/);
});

test.run();
