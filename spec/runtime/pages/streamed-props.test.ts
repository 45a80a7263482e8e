/**
 * Which of a loader's props stream: its top-level promises and thenables (a Drizzle query runs
 * when awaited), nothing for a loader that returned none (the fast path), and a promise deeper
 * in the data is an error naming it, as any value that is not JSON data is. Each prop settles
 * once, by its promise or by the page's one timer, and a failure is logged once.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkJsonData } from "../../../runtime/pages/serialize.ts";
import { findStreamedProps, type StreamContext } from "../../../runtime/pages/streamed-props.ts";
import { captureErrors } from "../../helpers/pages-server-fixture.ts";

const production: StreamContext = { timeoutMs: 1_000, source: "GET pages/a.tsx", production: true };
const development: StreamContext = { ...production, production: false };

/** The one outcome of a loader's single streamed prop `x`. */
const outcomeOf = (promise: PromiseLike<unknown>, context = production) => findStreamedProps({ x: promise }, context)!.outcomes[0]!;

test("a loader's value with no promise streams nothing", () => {
  assert.is(findStreamedProps({ title: "a", items: [1, 2] }, production), undefined);
  assert.is(findStreamedProps([Promise.resolve(1)], production), undefined);
  assert.is(findStreamedProps("text", production), undefined);
  assert.is(findStreamedProps(null, production), undefined);
});

test("top-level promises and thenables stream, in the loader's order; the rest stays", async () => {
  const query = { then: (resolve: (rows: unknown) => void) => resolve([{ id: 1 }]) };
  const streamed = findStreamedProps({ title: "a", comments: query, later: Promise.resolve(2) }, production)!;
  assert.equal(streamed.keys, ["comments", "later"]);
  assert.equal(streamed.rest, { title: "a" });
  assert.equal(await streamed.promises.comments, [{ id: 1 }]);
  assert.is(await streamed.promises.later, 2);
});

test("an outcome is written as JSON once: the value, or in production a message that says nothing", async () => {
  assert.equal(await outcomeOf(Promise.resolve({ n: 1 })), { settled: { value: { n: 1 } }, json: '{"value":{"n":1}}' });
  let failed: unknown;
  const printed = await captureErrors(async () => {
    failed = await outcomeOf(Promise.reject(new Error("secret detail")));
  });
  assert.equal(failed, { settled: { error: "Internal Server Error" }, json: '{"error":"Internal Server Error"}' });
  assert.match(printed, 'GET pages/a.tsx: the streamed prop "x" failed');
  assert.match(printed, "secret detail");
  const printedInDevelopment = await captureErrors(async () => {
    failed = await outcomeOf(Promise.reject(new Error("secret detail")), development);
  });
  assert.match(printedInDevelopment, "secret detail");
  assert.equal((failed as { settled: unknown }).settled, { error: "secret detail" });
});

test("what the page renders with is the value as the browser reads it, or the failure's message alone", async () => {
  class Price {
    toJSON() {
      return "1.50";
    }
  }
  const printed = await captureErrors(async () => {
    const streamed = findStreamedProps({ price: Promise.resolve(new Price()), broken: Promise.reject(new Error("secret detail")) }, production)!;
    assert.is(await streamed.promises.price, "1.50");
    const error = await streamed.promises.broken!.then(() => undefined, (reason: Error) => reason);
    assert.is(error?.message, "Internal Server Error");
    assert.is(error?.stack?.includes("secret detail"), false);
  });
  assert.match(printed, "secret detail");
});

test("the page's one timer fails what has not settled by the timeout, once, and a value after it changes nothing", async () => {
  let arrive!: (value: string) => void;
  const late = new Promise<string>((resolve) => (arrive = resolve));
  const printed = await captureErrors(async () => {
    const streamed = findStreamedProps({ early: Promise.resolve("in time"), late, never: new Promise(() => undefined) }, { ...development, timeoutMs: 30 })!;
    const outcomes = await Promise.all(streamed.outcomes);
    arrive("too late");
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(outcomes.map((outcome) => outcome.settled), [{ value: "in time" }, { error: "props.late did not settle within 30 ms" }, { error: "props.never did not settle within 30 ms" }]);
  });
  assert.is(printed.match(/failed:/g)?.length, 2);
});

test("once every prop has settled the page's timer is gone: nothing holds the process", async () => {
  const active = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
  const before = active();
  const streamed = findStreamedProps({ a: Promise.resolve(1), b: Promise.resolve(2) }, { ...production, timeoutMs: 60_000 })!;
  assert.is(active(), before + 1);
  await Promise.all(streamed.outcomes);
  assert.is(active(), before);
});

test("a promise below the top level is refused, naming where it is", () => {
  assert.throws(() => checkJsonData({ post: { comments: Promise.resolve([]) } }, "props"), /props\.post\.comments is a promise \(only a loader's top-level props/);
});

test.run();
