/** runtime/db/registry.ts: how `sdk/db` finds its database, shared per isolate or one per request. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { currentDatabase, inDatabaseScope, registerDatabase } from "../../../runtime/db/registry.ts";

function recorder() {
  const waited: Promise<unknown>[] = [];
  return { ctx: { waitUntil: (promise: Promise<unknown>) => void waited.push(promise) }, waited };
}

test("a shared connector opens once for every caller", () => {
  let opened = 0;
  registerDatabase({ kind: "shared", open: () => ({ n: ++opened }) });
  assert.equal(currentDatabase(), { n: 1 });
  assert.is(currentDatabase(), currentDatabase());
  assert.is(opened, 1);
});

test("a per-request connector opens lazily once per request and closes through waitUntil when it ends", async () => {
  const closed: number[] = [];
  let opened = 0;
  registerDatabase({ kind: "per-request", open: () => { const n = ++opened; return { db: { n }, close: async () => void closed.push(n) }; } });
  const { ctx, waited } = recorder();
  const seen = await inDatabaseScope(ctx, async () => [currentDatabase(), currentDatabase()]);
  assert.equal(seen, [{ n: 1 }, { n: 1 }]);
  await Promise.all(waited);
  assert.equal(closed, [1]);
  await inDatabaseScope(ctx, async () => currentDatabase());
  await Promise.all(waited);
  assert.equal(closed, [1, 2], "the next request gets its own client");
  await inDatabaseScope(ctx, async () => "no query");
  assert.is(opened, 2, "a request that runs no query opens nothing");
});

test("per request: used outside a request, or after its request ended, is an error that says so", async () => {
  registerDatabase({ kind: "per-request", open: () => ({ db: {}, close: async () => {} }) });
  assert.throws(() => currentDatabase(), /used outside a request/);
  // Work the request started but did not await runs in its context after it ends.
  let finishLater: () => void = () => {};
  const late = new Promise<unknown>((resolve, reject) => {
    finishLater = () => void Promise.resolve().then(() => resolve(currentDatabase())).catch(reject);
  });
  let release: () => void = () => {};
  const ended = new Promise<void>((resolve) => (release = resolve));
  await inDatabaseScope(recorder().ctx, async () => {
    void ended.then(finishLater);
  });
  release();
  const outcome = await late.then(() => "opened", (error: Error) => error.message);
  assert.match(outcome, "used after its request ended");
});

test.run();
