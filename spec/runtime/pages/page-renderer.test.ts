/**
 * The page renderer's steps (loader, `head()`, the UI adapter's render) each answer at once or
 * later. A page whose steps all answer at once gets its Response without a promise; any step that
 * awaits makes the answer a promise of the same Response, and a failure anywhere, thrown or
 * rejected, is the page's error answer.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Hono, type Context } from "hono";
import { defineHandler } from "../../../runtime/index.ts";
import { devStylesSlot } from "../../../runtime/dev/styles-slot.ts";
import { createPageRenderer } from "../../../runtime/pages/page-renderer.ts";
import type { HeadFunction, ServerModule, UiServerAdapter } from "../../../runtime/pages/types.ts";
import { captureErrors, manifest, page } from "../../helpers/pages-server-fixture.ts";

const adapterAtOnce: UiServerAdapter = { renderToString: (tree) => `<main>${tree.url}</main>` };

const adapterLater: UiServerAdapter = { renderToString: async (tree) => adapterAtOnce.renderToString(tree) };

interface Steps {
  loader: (c: Context) => unknown;
  head?: HeadFunction["fn"];
  adapter: UiServerAdapter;
}

/** What `document` and `data` answered for /items, and whether each answer was a promise. */
async function answers(steps: Steps) {
  const server: ServerModule = { loader: defineHandler(steps.loader) };
  const definition = page("pages/items.tsx", "/items", server, steps.head === undefined ? {} : { head: { kind: "head", fn: steps.head } });
  const renderer = createPageRenderer(definition, { adapter: steps.adapter, manifest, production: true });
  const promised: Record<string, boolean> = {};
  const app = new Hono();
  app.get("/items", (c) => {
    const answer = renderer.document(c);
    promised.document = answer instanceof Promise;
    return answer;
  });
  app.get("/items/__data.json", (c) => {
    const answer = renderer.data(c, {});
    promised.data = answer instanceof Promise;
    return answer;
  });
  let document!: Response;
  let data!: Response;
  await captureErrors(async () => {
    document = await app.request("/items");
    data = await app.request("/items/__data.json");
  });
  return { promised, document: { status: document.status, html: await document.text() }, data: { status: data.status, json: await data.text() } };
}

const items = () => ({ items: ["a", "b"] });
const title = () => ({ title: "Items" });

test("a page whose loader, head() and render answer at once is answered without a promise", async () => {
  const { promised, document, data } = await answers({ loader: items, head: title, adapter: adapterAtOnce });
  assert.equal(promised, { document: false, data: false });
  assert.is(document.status, 200);
  assert.match(document.html, "<title>Items</title>");
  assert.match(document.html, "<main>/items</main>");
  assert.is(data.status, 200);
  assert.match(data.json, '"props":{"items":["a","b"]}');
});

test("a step that awaits makes the answer a promise of the same document and data", async () => {
  const atOnce = await answers({ loader: items, head: title, adapter: adapterAtOnce });
  const cases: Record<string, Steps> = {
    loader: { loader: async () => items(), head: title, adapter: adapterAtOnce },
    head: { loader: items, head: async () => title(), adapter: adapterAtOnce },
    render: { loader: items, head: title, adapter: adapterLater },
  };
  for (const [step, steps] of Object.entries(cases)) {
    const later = await answers(steps);
    assert.is(later.promised.document, true, step);
    assert.equal(later.document, atOnce.document, step);
    assert.equal(later.data, atOnce.data, step);
  }
});

test("a lazy query a loader returns (a thenable, as Drizzle's) is awaited for its rows", async () => {
  const query = { then: (resolve: (rows: unknown) => void) => resolve({ items: ["lazy"] }) };
  const { document, data } = await answers({ loader: () => query, adapter: adapterAtOnce });
  assert.is(document.status, 200);
  assert.match(data.json, '"props":{"items":["lazy"]}');
});

test("a step that throws at once or rejects later is the page's 500, for the document and for the data", async () => {
  const boom = () => {
    throw new Error("boom");
  };
  const rejects = async () => boom();
  const failing: Record<string, Steps> = {
    "loader throws": { loader: boom, adapter: adapterAtOnce },
    "loader rejects": { loader: rejects, adapter: adapterAtOnce },
    "head throws": { loader: items, head: boom, adapter: adapterAtOnce },
    "head rejects": { loader: items, head: rejects, adapter: adapterAtOnce },
    "render throws": { loader: items, adapter: { renderToString: boom } },
    "render rejects": { loader: items, adapter: { renderToString: rejects } },
  };
  for (const [name, steps] of Object.entries(failing)) {
    const { document, data } = await answers(steps);
    assert.is(document.status, 500, name);
    assert.match(document.html, "<title>Internal Server Error</title>", name);
    if (!name.startsWith("render")) assert.is(data.status, 500, name);
  }
});

test("what the components render for the head (Svelte's <svelte:head>) ends the document's head", async () => {
  const adapter: UiServerAdapter = { renderToString: (tree) => ({ body: `<main>${tree.url}</main>`, head: '<!--h1--><meta name="x" content="y"><!---->' }) };
  const { promised, document } = await answers({ loader: items, head: title, adapter });
  assert.equal(promised, { document: false, data: false });
  assert.match(document.html, '<title>Items</title><!--h1--><meta name="x" content="y"><!----></head>');
  assert.match(document.html, "<main>/items</main>");
});

test("sdk dev's manifest gives each document the styles slot in its head, before the components' head; a build's gives none", async () => {
  const definition = page("pages/items.tsx", "/items", undefined, {});
  const adapter: UiServerAdapter = { renderToString: () => ({ body: "<main></main>", head: '<meta name="from-component">' }) };
  const html = async (devStyles: boolean) => {
    const renderer = createPageRenderer(definition, { adapter, manifest: devStyles ? { ...manifest, devStyles: true } : manifest, production: !devStyles });
    const app = new Hono();
    app.get("/items", (c) => renderer.document(c));
    return (await app.request("/items")).text();
  };
  const dev = await html(true);
  assert.ok(dev.includes(`${devStylesSlot("pages/items.tsx")}<meta name="from-component"></head>`), dev);
  assert.not.match(await html(false), "sdk-dev-styles");
});

test("a streamed document carries sdk dev's styles slot in its head too", async () => {
  const server: ServerModule = { loader: defineHandler(() => ({ items: Promise.resolve(["a"]) })) };
  const definition = page("pages/items.tsx", "/items", server, {});
  const renderer = createPageRenderer(definition, { adapter: adapterAtOnce, manifest: { ...manifest, devStyles: true }, production: false });
  const app = new Hono();
  app.get("/items", (c) => renderer.document(c));
  const html = await (await app.request("/items")).text();
  assert.ok(html.includes(`${devStylesSlot("pages/items.tsx")}</head>`), html);
});

test.run();
