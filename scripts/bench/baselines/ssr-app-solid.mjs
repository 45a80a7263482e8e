// SSR baseline for Solid: Hono and Solid's own renderToString (solid-js/web) of apps/ssr-solid's
// page inside its layout, with the same data, into a document shaped like ours (ssr-document.mjs).
// Solid's hydration needs generateHydrationScript() in the page; ours puts it at the start of the
// root element, and so does this.
import { Hono } from "hono";
import { createComponent, generateHydrationScript, renderToString } from "solid-js/web";
import Items from "../apps/ssr-solid/pages/index.tsx";
import Layout from "../apps/ssr-solid/pages/layout.tsx";
import { listItems } from "../apps/ssr/shared/items.ts";
import { documentShell } from "./ssr-document.mjs";

const document = documentShell(["index", "layout"]);

// What `<Layout><Items {...data} /></Layout>` compiles to; this file is plain JavaScript.
const page = (data) => createComponent(Layout, { get children() { return createComponent(Items, data); } });

export const app = new Hono();
app.get("/", (c) => {
  const data = listItems();
  return c.html(document(generateHydrationScript() + renderToString(() => page(data)), data));
});
