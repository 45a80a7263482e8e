/**
 * runtime/dev/lazy-route.ts: a route module of `sdk dev` on the edge, imported on its first
 * request, and served in its last good version while a saved version does not load.
 */
import type { Context } from "hono";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lazyRoute } from "../../../runtime/dev/lazy-route.ts";
import { defineHandler } from "../../../runtime/index.ts";
import { withoutErrorLog } from "../../helpers/quiet-errors.ts";

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
  const get = lazyRoute("routes/never-loaded.ts", async () => {
    attempts++;
    if (attempts === 1) throw new SyntaxError("routes/never-loaded.ts:3:7: Unexpected token");
    return { GET: defineHandler(() => "fixed") };
  })("GET");
  assert.match((await withoutErrorLog(() => failure(() => get.fn(context))))?.message ?? "the first load answered", "routes/never-loaded.ts:3:7");
  assert.is(await get.fn(context), "fixed");
  assert.is(attempts, 2);
});

test("a route that no longer loads (a reload's new table) is served in its last good version; its error is printed once", async () => {
  const table = (load: () => Promise<Record<string, unknown>>) => lazyRoute("routes/saved.ts", load)("GET");
  assert.is(await table(async () => ({ GET: defineHandler(() => "good") })).fn(context), "good");
  const printed: string[] = [];
  const original = console.error;
  console.error = (message: string) => printed.push(message);
  try {
    const broken = async () => {
      throw new SyntaxError("routes/saved.ts:2:1: Unexpected token");
    };
    assert.is(await table(broken).fn(context), "good");
    assert.is(await table(broken).fn(context), "good");
  } finally {
    console.error = original;
  }
  assert.is(printed.length, 1, printed.join("\n"));
  assert.match(printed[0]!, "routes/saved.ts does not load: routes/saved.ts:2:1: Unexpected token");
  assert.match(printed[0]!, "the last good version is still served");
  assert.is(await table(async () => ({ GET: defineHandler(() => "fixed") })).fn(context), "fixed");
});

test("an export that is not a defineHandler() result names the file and the export", async () => {
  const get = lazyRoute("routes/a.ts", async () => ({ GET: () => "plain" }))("GET");
  assert.match((await failure(() => get.fn(context)))?.message ?? "a plain function answered", 'routes/a.ts: export "GET" is not a defineHandler() result');
});

test.run();
