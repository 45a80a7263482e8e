// SSR baseline for React: the page a developer would serve by hand with Hono and React's own
// renderToString. The same layout and page files as scripts/bench/apps/ssr (compiled as a pages
// build compiles them when the baseline is bundled, see lib/bundle-worker.mjs), the same data from
// the same function, and a document shaped like ours (ssr-document.mjs). Every runtime's SSR
// baseline (ssr-node, ssr-bun, ssr-deno, ssr-worker) serves it.
import { Hono } from "hono";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import Items from "../apps/ssr/pages/index.tsx";
import Layout from "../apps/ssr/pages/layout.tsx";
import { listItems } from "../apps/ssr/shared/items.ts";
import { documentShell } from "./ssr-document.mjs";

// Our React build preloads the page, its layout and the JSX runtime chunk they share.
const document = documentShell(["index", "layout", "jsx-runtime"]);

export const app = new Hono();
app.get("/", (c) => {
  const data = listItems();
  return c.html(document(renderToString(createElement(Layout, null, createElement(Items, data))), data));
});
