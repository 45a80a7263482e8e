// SSR baseline for Svelte: Hono and Svelte's own render (svelte/server) of a root component that
// puts apps/ssr-svelte's page inside its layout (ssr-svelte-root.svelte), with the same data, into
// a document shaped like ours (ssr-document.mjs).
import { Hono } from "hono";
import { render } from "svelte/server";
import { listItems } from "../apps/ssr/shared/items.ts";
import { documentShell } from "./ssr-document.mjs";
import Root from "./ssr-svelte-root.svelte";

const document = documentShell(["index", "layout"]);

export const app = new Hono();
app.get("/", (c) => {
  const data = listItems();
  return c.html(document(render(Root, { props: { data } }).body, data));
});
