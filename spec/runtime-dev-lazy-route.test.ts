/** runtime/dev/lazy-route.ts: a route module of `sdk dev` on the edge, imported on its first request. */
import type { Context } from "hono";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lazyRoute } from "../runtime/dev/lazy-route.ts";
import { defineHandler } from "../runtime/index.ts";

const context = {} as Context;

/** The error a handler's call ends with, or null when it answers. */
const failure = (run: () => unknown) => Promise.resolve().then(run).then(() => null, (error: Error) => error);

test("nothing is imported before a request; one import serves every method and request after it", async () => {
  let imports = 0;
  const route = lazyRoute("routes/a.ts", async () => (imports++, { GET: defineHandler(() => "got"), POST: defineHandler(async () => "posted") }));
  const get = route("GET");
  const post = route("POST");
  assert.is(imports, 0);
  assert.is(await get.fn(context), "got");
  assert.is(await post.fn(context), "posted");
  assert.is(await get.fn(context), "got");
  assert.is(imports, 1);
});

test("a module that failed to load is imported again on the next request", async () => {
  let attempts = 0;
  const get = lazyRoute("routes/a.ts", async () => {
    attempts++;
    if (attempts === 1) throw new SyntaxError("routes/a.ts:3:7: Unexpected token");
    return { GET: defineHandler(() => "fixed") };
  })("GET");
  assert.match((await failure(() => get.fn(context)))?.message ?? "the first load answered", "routes/a.ts:3:7");
  assert.is(await get.fn(context), "fixed");
  assert.is(attempts, 2);
});

test("an export that is not a defineHandler() result names the file and the export", async () => {
  const get = lazyRoute("routes/a.ts", async () => ({ GET: () => "plain" }))("GET");
  assert.match((await failure(() => get.fn(context)))?.message ?? "a plain function answered", 'routes/a.ts: export "GET" is not a defineHandler() result');
});

test.run();
