/**
 * The React adapter of node, Bun and Deno (server-node.ts) renders with react-dom's text-writing
 * build: its HTML must be the edge adapter's, byte for byte, for pages that never suspend, that
 * suspend and are awaited, and that stream; its stream carries text, the shell in its first chunk.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Component, createElement as h, Suspense, use, type ComponentType, type ReactNode } from "react";
import type { PagePayload, PageTree, UiServerAdapter } from "../../../../runtime/pages/types.ts";
import { reactServerAdapter as edgeAdapter } from "../../../../runtime/ui/react/server.ts";
import { reactServerAdapter as nodeAdapter } from "../../../../runtime/ui/react/server-node.ts";
import { captureErrors } from "../../../helpers/pages-server-fixture.ts";
import { withoutErrorLog } from "../../../helpers/quiet-errors.ts";

function tree(page: ComponentType<any>, props: object = {}): PageTree<ComponentType<any>> {
  const payload: PagePayload = { version: "v1", page: "pages/page.tsx", layouts: [], props, params: {}, head: {}, ssr: true };
  return { layouts: [], page: { id: payload.page, component: page }, payload, url: "/" };
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? h("p", null, "failed") : this.props.children;
  }
}

const later = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const Items = ({ items }: { items: Promise<string[]> }) => h("ul", null, use(items).map((item) => h("li", { key: item }, item, " & <", item, ">")));
const Page = ({ title, items }: { title: string; items: Promise<string[]> }) =>
  h("main", null, h("h1", null, title), h(Suspense, { fallback: h("p", null, "loading") }, h(Items, { items })), h(Suspense, { fallback: h("p", null, "second") }, h(Items, { items: later(5, ["late"]) })));
const Failing = ({ items }: { items: Promise<string[]> }) => h(Boundary, null, h(Suspense, { fallback: h("p", null, "loading") }, h(Items, { items })));

async function streamed(adapter: UiServerAdapter, page: PageTree<ComponentType<any>>): Promise<(string | Uint8Array)[]> {
  const chunks: (string | Uint8Array)[] = [];
  await (await adapter.renderToStream!(page)).pipe((chunk) => chunks.push(chunk));
  return chunks;
}

const text = (chunks: (string | Uint8Array)[]) => chunks.map((chunk) => (typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk))).join("");

test("a page that never suspends: the same HTML as the edge's, at once", () => {
  const page = tree(({ name }: { name: string }) => h("p", { className: "x" }, "hello ", name, " ✓"), { name: "<ada>" });
  assert.type(nodeAdapter.renderToString(page), "string");
  assert.is(nodeAdapter.renderToString(page), edgeAdapter.renderToString(page));
});

test("a page that suspends is awaited to the same complete HTML as the edge's", async () => {
  const page = () => tree(Page, { title: "T", items: later(5, ["a", "b"]) });
  const html = await nodeAdapter.renderToString(page());
  assert.ok(html.includes("<li>a<!-- --> &amp; &lt;<!-- -->a<!-- -->&gt;</li>"), html);
  assert.is(html, await edgeAdapter.renderToString(page()));
});

test("a streamed page: the same document as the edge's, in text chunks, the shell first with its fallbacks", async () => {
  const page = () => tree(Page, { title: "Streamed", items: later(20, ["a", "b"]) });
  const chunks = await streamed(nodeAdapter, page());
  assert.ok(chunks.every((chunk) => typeof chunk === "string"));
  assert.ok((chunks[0] as string).includes("<h1>Streamed</h1>") && (chunks[0] as string).includes("loading"));
  assert.not.ok((chunks[0] as string).includes("<li>a"));
  assert.is(text(chunks), text(await streamed(edgeAdapter, page())));
});

test("a boundary whose data fails is left to the browser alike on both", async () => {
  const failing = () => tree(Failing, { items: new Promise((_, reject) => setTimeout(() => reject(new Error("gone")), 5)) });
  const [node, edge] = await withoutErrorLog(async () => [text(await streamed(nodeAdapter, failing())), text(await streamed(edgeAdapter, failing()))]);
  assert.ok(node.includes("<!--$!-->"), node);
  // Development builds add the component stack, which each build words in its own way.
  const withoutStacks = (html: string) => html.replace(/ data-c?stck="[^"]*"/g, "");
  assert.is(withoutStacks(node), withoutStacks(edge));
});

for (const [name, adapter] of [["node", nodeAdapter], ["edge", edgeAdapter]] as const) {
  test(`${name}: cancelling the render stops it: its pipe ends, with nothing written after the shell, nothing waits on the data, and nothing is logged`, async () => {
    const render = await adapter.renderToStream!(tree(Page, { title: "T", items: new Promise<string[]>(() => undefined) }));
    const chunks: (string | Uint8Array)[] = [];
    const piped = render.pipe((chunk) => {
      chunks.push(chunk);
      render.cancel();
    });
    // React reports an abort a turn later: a client that goes away is no error of the page's.
    const logged = await captureErrors(() => piped.then(() => later(10, undefined)));
    assert.is(logged, "");
    assert.is(chunks.length, 1);
    assert.ok(text(chunks).includes("loading"));
  });

  test(`${name}: a render cancelled before it is piped writes nothing and logs nothing`, async () => {
    const render = await adapter.renderToStream!(tree(Page, { title: "T", items: new Promise<string[]>(() => undefined) }));
    render.cancel();
    const chunks: (string | Uint8Array)[] = [];
    const logged = await captureErrors(() => render.pipe((chunk) => chunks.push(chunk)).then(() => later(10, undefined)));
    assert.is(logged, "");
    assert.is(chunks.length, 0);
  });
}

const Throws = (): never => {
  throw new Error("the list broke");
};

test("what a boundary throws is logged once, naming the page, whether it threw after the shell or with it", async () => {
  const Late = ({ items }: { items: Promise<string[]> }) => (use(items), h(Throws));
  const late = () => tree(({ items }: { items: Promise<string[]> }) => h(Boundary, null, h(Suspense, { fallback: h("p", null, "loading") }, h(Late, { items }))), { items: later(5, ["a"]) });
  const early = () => tree(() => h("main", null, h("h1", null, "shell"), h(Suspense, { fallback: h("p", null, "loading") }, h(Throws))));
  for (const [name, adapter] of [["node", nodeAdapter], ["edge", edgeAdapter]] as const) {
    for (const page of [late, early]) {
      const logged = await captureErrors(async () => void (await streamed(adapter, page())));
      assert.is(logged.match(/\[sdk\] pages\/page\.tsx: a Suspense boundary threw while the page rendered on the server; the browser renders it instead: the list broke/g)?.length, 1, `${name}: ${logged}`);
      assert.is(logged.match(/Error: the list broke/g)?.length, 1, `${name}: ${logged}`);
    }
  }
});

test("a page rendered at once: what a boundary throws is logged once, naming the page; what the shell throws is left to the page", async () => {
  const WithBoundary = () => h("main", null, h("h1", null, "shell"), h(Suspense, { fallback: h("p", null, "loading") }, h(Throws)));
  for (const [name, adapter] of [["node", nodeAdapter], ["edge", edgeAdapter]] as const) {
    let html = "";
    const logged = await captureErrors(async () => {
      html = String(await adapter.renderToString(tree(WithBoundary)));
    });
    assert.ok(html.includes("<!--$!-->"), html);
    assert.is(logged.match(/\[sdk\] pages\/page\.tsx: a Suspense boundary threw while the page rendered on the server; the browser renders it instead: the list broke/g)?.length, 1, `${name}: ${logged}`);
    assert.is(logged.match(/Error: the list broke/g)?.length, 1, `${name}: ${logged}`);
    const shellLogged = await captureErrors(async () => {
      const failed = await Promise.resolve()
        .then(() => adapter.renderToString(tree(Throws)))
        .then(() => null, (error: Error) => error.message);
      assert.is(failed, "the list broke");
    });
    assert.not.match(shellLogged, "the list broke", name);
  }
});

test("a shell that throws rejects, as the edge's does, so the page answers with its error, which the render does not log too", async () => {
  const Broken = () => {
    throw new Error("shell broke");
  };
  for (const adapter of [nodeAdapter, edgeAdapter]) {
    let failed: string | null = null;
    const logged = await captureErrors(async () => {
      failed = await adapter.renderToStream!(tree(Broken)).then(() => null, (error: Error) => error.message);
      await later(10, undefined);
    });
    assert.is(failed, "shell broke");
    assert.not.match(logged, "shell broke");
  }
});

test.run();
