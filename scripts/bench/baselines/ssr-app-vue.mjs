// SSR baseline for Vue: Hono and Vue's own renderToString (vue/server-renderer) on a fresh
// createSSRApp per request, as Vue's SSR guide writes it, rendering apps/ssr-vue's layout and page
// with the same data into a document shaped like ours (ssr-document.mjs).
import { Hono } from "hono";
import { createSSRApp, h } from "vue";
import { renderToString } from "vue/server-renderer";
import Items from "../apps/ssr-vue/pages/index.vue";
import Layout from "../apps/ssr-vue/pages/layout.vue";
import { listItems } from "../apps/ssr/shared/items.ts";
import { documentShell } from "./ssr-document.mjs";

const document = documentShell(["index", "layout"]);

export const app = new Hono();
app.get("/", async (c) => {
  const data = listItems();
  const html = await renderToString(createSSRApp({ render: () => h(Layout, null, { default: () => h(Items, data) }) }));
  return c.html(document(html, data));
});
