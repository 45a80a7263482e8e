// Streaming baseline for React: the page a developer would stream by hand, as React's docs show it:
// the whole document rendered by React, the slow items behind a Suspense boundary read with use(),
// and the same page awaited for renderToString. The same layout, list and data as
// scripts/bench/apps/ssr-streaming (compiled as a pages build compiles them when the baseline is
// bundled, see lib/bundle-worker.mjs); the data as JSON in a script element and one module script,
// as our document carries them. streaming-node.mjs and streaming-worker.mjs serve it.
import { createElement as h, Suspense, use } from "react";
import Layout from "../apps/ssr-streaming/pages/layout.tsx";
import { ItemList } from "../apps/ssr-streaming/shared/item-list.tsx";
import { slowItems } from "../apps/ssr-streaming/shared/items.ts";
import { escapeJson } from "./ssr-document.mjs";

function Document({ children }) {
  return h(
    "html",
    null,
    h("head", null, h("meta", { charSet: "utf-8" }), h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }), h("title", null, "Items")),
    h("body", null, h("div", { id: "root" }, h(Layout, null, h("section", null, h("h1", null, "Items"), children))), h("script", { type: "module", src: "/assets/entry.js" })),
  );
}

function Items({ items }) {
  return [h(ItemList, { key: "list", items }), h("script", { key: "data", type: "application/json", id: "data", dangerouslySetInnerHTML: { __html: escapeJson(items) } })];
}

function StreamedItems({ items }) {
  return h(Items, { items: use(items) });
}

/** GET /streamed: the items as a promise, streamed into the page after its shell. */
export function streamedPage(url) {
  return h(Document, null, h(Suspense, { fallback: h("p", null, "Loading items") }, h(StreamedItems, { items: slowItems(url) })));
}

/** GET /awaited: the same page once the items are in. */
export async function awaitedPage(url) {
  return h(Document, null, h(Items, { items: await slowItems(url) }));
}
