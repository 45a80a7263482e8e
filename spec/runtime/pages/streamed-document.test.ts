/**
 * A loader's promise-valued props stream into the document after the shell: the head and the
 * shell are read before the promise settles, the settled value follows for the page and for the
 * browser's hydration, a failure is the page's error boundary's and never a hung response, and a
 * promise that never settles is cut off by the timeout. With React's real streaming renderer.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Hono, type Context } from "hono";
import { Component, createElement as h, Suspense, use, type ReactNode } from "react";
import { defineHandler } from "../../../runtime/index.ts";
import { createPageRenderer } from "../../../runtime/pages/page-renderer.ts";
import type { PageDefinition, UiServerAdapter } from "../../../runtime/pages/types.ts";
import { reactServerAdapter } from "../../../runtime/ui/react/server.ts";
import { captureErrors, embeddedPayload, manifest } from "../../helpers/pages-server-fixture.ts";

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? h("p", null, `failed: ${this.state.error.message}`) : this.props.children;
  }
}

const Slow = ({ slow }: { slow: Promise<string> }) => h("p", { id: "slow" }, use(slow));
const PostPage = ({ fast, slow }: { fast: string; slow: Promise<string> }) =>
  h("main", null, h("h1", null, fast), h(Boundary, null, h(Suspense, { fallback: h("p", { id: "slow" }, "loading") }, h(Slow, { slow }))));

function renderer(loader: (c: Context) => unknown, adapter: UiServerAdapter = reactServerAdapter, streamTimeout?: unknown, component: PageDefinition["page"]["default"] = PostPage) {
  const definition: PageDefinition = {
    id: "pages/post.tsx",
    pattern: "/post",
    page: { default: component, head: { kind: "head", fn: () => ({ title: "Post" }) }, streamTimeout: streamTimeout as number },
    server: { loader: defineHandler(loader) },
    layouts: [],
  };
  const pages = createPageRenderer(definition, { adapter, manifest, production: true });
  const app = new Hono();
  app.get("/post", (c) => pages.document(c));
  app.get("/post/__data.json", (c) => pages.data(c, {}));
  return app;
}

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** The document's chunks with the time each arrived, in ms since the request. */
async function chunks(response: Response): Promise<{ at: number; text: string }[]> {
  const started = performance.now();
  const decoder = new TextDecoder();
  const read: { at: number; text: string }[] = [];
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) read.push({ at: performance.now() - started, text: decoder.decode(chunk) });
  return read;
}

test("the head and the shell leave before the streamed prop settles; its value follows, for the page and for hydration", async () => {
  const app = renderer(() => ({ fast: "Title", slow: later(300, "the slow part") }));
  await (await renderer(() => ({ fast: "warm", slow: Promise.resolve("up") })).request("/post")).text();
  const started = performance.now();
  const response = await app.request("/post");
  const first = performance.now() - started;
  assert.ok(first < 150, `the response began after ${first} ms`);
  assert.is(response.headers.get("content-type"), "text/html; charset=UTF-8");
  const read = await chunks(response);
  assert.match(read[0]!.text, "<title>Post</title>");
  const shell = read.filter((chunk) => chunk.at < 150).map((chunk) => chunk.text).join("");
  assert.match(shell, "<h1>Title</h1>");
  assert.match(shell, "loading");
  assert.not.match(shell, "the slow part");
  const html = read.map((chunk) => chunk.text).join("");
  assert.match(html, "the slow part");
  assert.match(html, '<script type="application/json" id="sdk-deferred:slow">{"value":"the slow part"}</script>');
  assert.ok(html.endsWith('<script type="module" src="/assets/entry-abc.js"></script></body></html>'));
  const payload = embeddedPayload(html) as { props: unknown; deferred: string[] };
  assert.equal(payload.props, { fast: "Title" });
  assert.equal(payload.deferred, ["slow"]);
});

test("the navigation JSON waits for the streamed prop and carries its outcome", async () => {
  const app = renderer(() => ({ fast: "Title", slow: later(20, { n: 1 }) }));
  const json = (await (await app.request("/post/__data.json")).json()) as Record<string, unknown>;
  assert.equal(json.props, { fast: "Title" });
  assert.equal(json.deferred, ["slow"]);
  assert.equal(json.settled, { slow: { value: { n: 1 } } });
});

test("a streamed prop that fails is the error boundary's, logged once, the document ends, and the browser's promise gets the failure without its message in production", async () => {
  const app = renderer(() => ({ fast: "Title", slow: later(10, null).then(() => Promise.reject(new Error("database down"))) }));
  let html = "";
  const printed = await captureErrors(async () => {
    html = await (await app.request("/post")).text();
  });
  assert.match(printed, "database down");
  // Logged once, where it failed, with its page and prop; the render that shows it adds nothing.
  assert.is(printed.match(/failed/g)?.length, 1, printed);
  assert.not.match(printed, "Internal Server Error");
  assert.match(html, '<script type="application/json" id="sdk-deferred:slow">{"error":"Internal Server Error"}</script>');
  assert.ok(html.endsWith("</body></html>"));
});

test("a streamed prop that never settles is cut off by the timeout, and the document still ends", async () => {
  const { findStreamedProps } = await import("../../../runtime/pages/streamed-props.ts");
  let error: Error | undefined;
  const started = performance.now();
  await captureErrors(async () => {
    const streamed = findStreamedProps({ slow: new Promise(() => undefined) }, { timeoutMs: 50, source: "GET pages/post.tsx", production: false })!;
    error = await streamed.promises.slow!.then(() => undefined, (reason: Error) => reason);
  });
  assert.ok(performance.now() - started < 500);
  assert.match(String(error), "did not settle within 50 ms");
});

test("a page's streamTimeout export bounds its streamed props: the document ends soon after it, with the prop failed", async () => {
  const app = renderer(() => ({ fast: "Title", slow: new Promise(() => undefined) }), reactServerAdapter, 80);
  const started = performance.now();
  let html = "";
  const logged = await captureErrors(async () => {
    html = await (await app.request("/post")).text();
  });
  assert.ok(performance.now() - started < 1_000, `ended after ${performance.now() - started} ms`);
  assert.match(html, '<script type="application/json" id="sdk-deferred:slow">{"error":"Internal Server Error"}</script>');
  assert.match(logged, "did not settle within 80 ms");
});

test("a render still waiting on a promise of the page's own a while after the timeout is stopped, and the log says so", async () => {
  const never = new Promise<string>(() => undefined);
  const OwnPromise = ({ fast }: { fast: string; slow: Promise<string> }) => h("main", null, h("h1", null, fast), h(Suspense, { fallback: h("p", null, "loading") }, h(Slow, { slow: never })));
  const app = renderer(() => ({ fast: "Title", slow: Promise.resolve("in time") }), reactServerAdapter, 50, OwnPromise);
  const started = performance.now();
  let html = "";
  const logged = await captureErrors(async () => {
    html = await (await app.request("/post")).text();
  });
  assert.ok(performance.now() - started < 3_000, `ended after ${performance.now() - started} ms`);
  assert.ok(html.endsWith("</body></html>"), html.slice(-200));
  assert.match(logged, "GET pages/post.tsx: its render still waited 1000 ms after the streamed props' timeout (50 ms)");
  assert.not.match(logged, "aborted");
});

test("a shell that throws is the page's error, logged once, streamed or rendered at once", async () => {
  const Broken = (): never => {
    throw new Error("shell broke");
  };
  for (const slow of [Promise.resolve("in time"), "now"]) {
    const app = renderer(() => ({ fast: "Title", slow }), reactServerAdapter, undefined, Broken);
    let status = 0;
    const logged = await captureErrors(async () => {
      const response = await app.request("/post");
      status = response.status;
      await response.text();
    });
    assert.is(status, 500);
    assert.is(logged.match(/Error: shell broke/g)?.length, 1, logged);
    assert.match(logged, "[sdk] GET pages/post.tsx threw: shell broke");
  }
});

test("a streamTimeout that is no whole number of milliseconds stops the server at start, naming the page", () => {
  for (const value of ["30s", 0, -1, 1.5, 2 ** 31]) {
    assert.throws(() => renderer(() => ({}), reactServerAdapter, value), (error: Error) => error.message.startsWith("pages/post.tsx: streamTimeout is") && error.message.includes("export const streamTimeout = 30_000"), String(value));
  }
});

test("a value that is not JSON data fails the prop, naming it", async () => {
  const app = renderer(() => ({ fast: "Title", slow: Promise.resolve(new Map()) }));
  let json: Record<string, unknown> = {};
  const printed = await captureErrors(async () => {
    json = (await (await app.request("/post/__data.json")).json()) as Record<string, unknown>;
  });
  assert.match(printed, "props.slow is a Map");
  assert.equal(json.settled, { slow: { error: "Internal Server Error" } });
});

test("a library without a streaming renderer sends the head first, then the page rendered with the settled values", async () => {
  const seen: unknown[] = [];
  const adapter: UiServerAdapter = {
    renderToString(tree) {
      seen.push(tree.payload.props);
      return `<main>${JSON.stringify(tree.payload.props)}</main>`;
    },
  };
  const app = renderer(() => ({ fast: "Title", slow: later(200, "value") }), adapter);
  const read = await chunks(await app.request("/post"));
  assert.match(read[0]!.text, "<title>Post</title>");
  assert.not.match(read[0]!.text, "</head>");
  const html = read.map((chunk) => chunk.text).join("");
  assert.match(html, '<main>{"fast":"Title","slow":"value"}</main>');
  assert.equal((embeddedPayload(html) as { props: unknown }).props, { fast: "Title", slow: "value" });
});

test("a loader with no promises keeps the document that is written at once", async () => {
  const app = renderer(() => ({ fast: "Title", slow: "now" }), { renderToString: () => "<main>at once</main>" });
  const html = await (await app.request("/post")).text();
  assert.not.match(html, "deferred");
  assert.match(html, "<main>at once</main>");
});

test.run();
