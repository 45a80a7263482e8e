/**
 * Which of a loader's props stream: its top-level promises and thenables (a Drizzle query runs
 * when awaited), nothing for a loader that returned none (the fast path), and a promise deeper
 * in the data is an error naming it, as any value that is not JSON data is.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkJsonData } from "../../../runtime/pages/serialize.ts";
import { findStreamedProps, settle } from "../../../runtime/pages/streamed-props.ts";
import { captureErrors } from "../../helpers/pages-server-fixture.ts";

test("a loader's value with no promise streams nothing", () => {
  assert.is(findStreamedProps({ title: "a", items: [1, 2] }), undefined);
  assert.is(findStreamedProps([Promise.resolve(1)]), undefined);
  assert.is(findStreamedProps("text"), undefined);
  assert.is(findStreamedProps(null), undefined);
});

test("top-level promises and thenables stream, in the loader's order; the rest stays", async () => {
  const query = { then: (resolve: (rows: unknown) => void) => resolve([{ id: 1 }]) };
  const streamed = findStreamedProps({ title: "a", comments: query, later: Promise.resolve(2) })!;
  assert.equal(streamed.keys, ["comments", "later"]);
  assert.equal(streamed.rest, { title: "a" });
  assert.equal(await streamed.promises.comments, [{ id: 1 }]);
  assert.is(await streamed.promises.later, 2);
});

test("an outcome is written as JSON once: the value, or in production a message that says nothing", async () => {
  assert.equal(await settle(Promise.resolve({ n: 1 }), "x", "GET pages/a.tsx", true), { settled: { value: { n: 1 } }, json: '{"value":{"n":1}}' });
  let failed: unknown;
  const printed = await captureErrors(async () => {
    failed = await settle(Promise.reject(new Error("secret detail")), "x", "GET pages/a.tsx", true);
  });
  assert.equal(failed, { settled: { error: "Internal Server Error" }, json: '{"error":"Internal Server Error"}' });
  assert.match(printed, 'GET pages/a.tsx: the streamed prop "x" failed');
  assert.match(printed, "secret detail");
  const development = await captureErrors(async () => {
    failed = await settle(Promise.reject(new Error("secret detail")), "x", "GET pages/a.tsx", false);
  });
  assert.match(development, "secret detail");
  assert.equal((failed as { settled: unknown }).settled, { error: "secret detail" });
});

test("a promise below the top level is refused, naming where it is", () => {
  assert.throws(() => checkJsonData({ post: { comments: Promise.resolve([]) } }, "props"), /props\.post\.comments is a promise \(only a loader's top-level props/);
});

test.run();
