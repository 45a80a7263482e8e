/**
 * The browser's side of streamed props: the outcomes the document streamed after the payload (or
 * the navigation JSON carried) become promises again, settled so React's use() reads them at once.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import withStreamedProps from "../../../../runtime/pages/client/streamed.ts";
import type { PagePayload } from "../../../../runtime/pages/types.ts";

const payload = (extra: Partial<PagePayload>): PagePayload => ({ version: "v", page: "pages/a.tsx", layouts: [], props: { title: "a" }, params: {}, head: {}, ssr: true, ...extra });

/** The document's script elements, as `document` for the module under test. */
function documentWith(scripts: Record<string, string>): void {
  (globalThis as { document?: unknown }).document = { getElementById: (id: string) => (id in scripts ? { textContent: scripts[id] } : null) };
}

test.after.each(() => {
  delete (globalThis as { document?: unknown }).document;
});

test("a payload without streamed props is used as it is", () => {
  const plain = payload({});
  assert.is(withStreamedProps(plain), plain);
});

test("the document's outcomes become settled promises; a missing one is a failure, not a hang", async () => {
  documentWith({ "sdk-deferred:slow": '{"value":{"n":1}}', "sdk-deferred:broken": '{"error":"Internal Server Error"}' });
  const props = withStreamedProps(payload({ deferred: ["slow", "broken", "cut"] })).props as Record<string, Promise<unknown> & { status?: string; value?: unknown; reason?: Error }>;
  assert.is(props.title as unknown, "a");
  assert.equal(await props.slow, { n: 1 });
  assert.is(props.slow!.status, "fulfilled");
  assert.equal(props.slow!.value, { n: 1 });
  assert.is(props.broken!.status, "rejected");
  assert.is(props.broken!.reason!.message, "Internal Server Error");
  await props.broken!.then(() => assert.unreachable(), (error: Error) => assert.is(error, props.broken!.reason));
  assert.match((await props.cut!.then(() => "", (error: Error) => error.message)) as string, "stream ended early");
});

test("the navigation JSON's outcomes are used as they are", async () => {
  const props = withStreamedProps(payload({ deferred: ["slow"], settled: { slow: { value: 3 } } })).props as Record<string, Promise<unknown>>;
  assert.is(await props.slow, 3);
});

test.run();
