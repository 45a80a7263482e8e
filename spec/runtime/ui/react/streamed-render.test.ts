/** React's streamed page: the shell with its fallbacks at once, the whole tree in a template once the streamed props settle. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createElement as h, lazy, Suspense, use, type ComponentType } from "react";
import type { PagePayload, PageTree } from "../../../../runtime/pages/types.ts";
import { reactServerAdapter } from "../../../../runtime/ui/react/server.ts";

function tree(page: ComponentType<any>, props: Record<string, unknown>): PageTree<ComponentType<any>> {
  const payload: PagePayload = { version: "v1", page: "pages/page.tsx", layouts: [], props, params: {}, head: {}, ssr: true };
  return { layouts: [], page: { id: payload.page, component: page }, payload, url: "/" };
}

async function chunks(stream: ReadableStream<Uint8Array | string>): Promise<string[]> {
  const decoder = new TextDecoder();
  const read: string[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array | string>) read.push(typeof chunk === "string" ? chunk : decoder.decode(chunk));
  return read;
}

const Slow = ({ items }: { items: Promise<string[]> }) => h("ul", null, use(items).map((item) => h("li", { key: item }, item)));
const Page = ({ title, items }: { title: string; items: Promise<string[]> }) =>
  h("main", null, h("h1", null, title), h(Suspense, { fallback: h("p", null, "Loading") }, h(Slow, { items })));

test("the shell leaves with the fallback before the streamed prop settles; the whole tree follows in a template that replaces it", async () => {
  let resolve!: (items: string[]) => void;
  const items = new Promise<string[]>((settle) => (resolve = settle));
  const stream = await reactServerAdapter.renderToStream!(tree(Page, { title: "Items", items }));
  const reader = stream.getReader();
  const shell = (await reader.read()).value as string;
  assert.match(shell, "<h1>Items</h1>");
  assert.match(shell, "Loading");
  assert.not.match(shell, "<li>");
  resolve(["a", "b"]);
  const rest = (await reader.read()).value as string;
  assert.ok((await reader.read()).done);
  assert.match(rest, /^<template id="__sdk_streamed"><main><h1>Items<\/h1><!--\$--><ul><li>a<\/li><li>b<\/li><\/ul><!--\/\$--><\/main><\/template><script>/);
  assert.match(rest, "replaceChildren");
});

test("a streamed prop that fails leaves its boundary to the browser, with the rest of the page complete", async () => {
  const items = Promise.reject(new Error("down"));
  items.catch(() => {});
  // React logs the failure it leaves to the browser; the page's own logging is streamed-props.ts's.
  const originalError = console.error;
  console.error = () => {};
  let read: string;
  try {
    read = (await chunks(await reactServerAdapter.renderToStream!(tree(Page, { title: "Items", items })))).join("");
  } finally {
    console.error = originalError;
  }
  assert.match(read, /<template id="__sdk_streamed"><main><h1>Items<\/h1><!--\$!-->/);
});

test("a shell the synchronous renderer gives up on is streamed by React's streaming renderer", async () => {
  const Lazy = lazy(async () => ({ default: () => h("p", null, "lazy part") }));
  const read = (await chunks(await reactServerAdapter.renderToStream!(tree(() => h(Lazy), {})))).join("");
  assert.match(read, "lazy part");
  assert.not.match(read, "__sdk_streamed");
});

test.run();
