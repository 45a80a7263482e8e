// SSR baseline: the page a developer would serve by hand with Hono and React's own renderToString.
// The same layout and page files as scripts/bench/apps/ssr (compiled with esbuild's automatic JSX
// when the baseline is bundled, see lib/bundle-worker.mjs), the same data from the same function,
// and a comparable document: head with title and preloads, the HTML, the data as escaped JSON and
// the client script. Every runtime's SSR baseline (ssr-node, ssr-bun, ssr-deno, ssr-worker) serves it.
import { Hono } from "hono";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import Items from "../apps/ssr/pages/index.tsx";
import Layout from "../apps/ssr/pages/layout.tsx";
import { listItems } from "../apps/ssr/shared/items.ts";

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const escapeJson = (data) => JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

const HEAD =
  '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Items</title>' +
  '<link rel="modulepreload" href="/assets/index.js"><link rel="modulepreload" href="/assets/layout.js">' +
  '<link rel="modulepreload" href="/assets/jsx-runtime.js">';

export const app = new Hono();
app.get("/", (c) => {
  const data = listItems();
  const html = renderToString(createElement(Layout, null, createElement(Items, data)));
  return c.html(
    `<!doctype html><html><head>${HEAD}</head><body><div id="root">${html}</div>` +
    `<script type="application/json" id="data">${escapeJson(data)}</script>` +
    '<script type="module" src="/assets/entry.js"></script></body></html>',
  );
});
