/**
 * The browser router in Chromium, alone: documents from the server's renderDocument, a client
 * entry bundled from runtime/pages/client/start.ts with a plain-DOM adapter (no UI library), and
 * a small HTTP server. What Node fakes cannot show: the head applied to a live document, scroll
 * restored on back, forward and reload, anchors left to the browser, forms posted natively.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { renderDocument } from "../../../runtime/pages/document.ts";
import type { FormPoster, HeadDescriptor, PagePayload, RouterHandle } from "../../../runtime/pages/types.ts";
import { closeBrowser, withContext } from "../../helpers/e2e/browser.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Every page component renders `props.html`; the adapter swaps the root's HTML. */
const ENTRY = `
import { postForm } from "./runtime/pages/client/form-submit.ts";
import { startPages } from "./runtime/pages/client/start.ts";
window.postForm = postForm;
const page = async () => ({ default: (props) => props.html });
const render = (tree) => tree.page.component(tree.payload.props);
let root;
startPages({
  adapter: {
    start(container, tree, router, { hydrate }) {
      root = container;
      window.router = router;
      if (!hydrate) root.innerHTML = render(tree);
    },
    update(tree) {
      root.innerHTML = render(tree);
    },
  },
  pages: { "pages/index.tsx": page, "pages/other.tsx": page, "pages/long.tsx": page, "pages/form.tsx": page, "pages/csr.tsx": page },
  layouts: {},
});
`;

const COUNTER = "window.headRuns = (window.headRuns ?? 0) + 1";

interface TestPage {
  readonly id: string;
  readonly head: HeadDescriptor;
  readonly html: string;
  readonly ssr?: boolean;
}

const PAGES: Record<string, TestPage> = {
  "/": {
    id: "pages/index.tsx",
    head: {
      title: "Home",
      meta: [{ name: "description", content: "home" }],
      script: [{ children: COUNTER }],
      htmlAttrs: { lang: "en", "data-theme": "dark" },
      bodyAttrs: { class: "home" },
    },
    html: `<h1>Home</h1><a id="to-other" href="/other">Other</a>`,
  },
  "/other": {
    id: "pages/other.tsx",
    head: {
      title: "Other",
      meta: [{ name: "description", content: "other" }],
      link: [{ rel: "canonical", href: "/other" }],
      script: [{ children: COUNTER }, { children: "window.otherRuns = (window.otherRuns ?? 0) + 1" }],
      htmlAttrs: { lang: "fr" },
    },
    html: `<h1>Other</h1><a id="to-home" href="/">Home</a>`,
  },
  "/long": {
    id: "pages/long.tsx",
    head: { title: "Long" },
    html: `<h1>Long</h1><a id="to-part" href="#part">Part</a><div style="height:3000px"></div><h2 id="part">Part</h2><a id="long-to-other" href="/other">Other</a><div style="height:3000px"></div>`,
  },
  "/form": {
    id: "pages/form.tsx",
    head: { title: "Form" },
    html: `<h1>Form</h1><form method="post" action="?save"><input name="outcome"><button name="intent" value="publish">Save</button></form>`,
  },
  "/csr": { id: "pages/csr.tsx", head: { title: "Client only" }, html: `<h1>Rendered in the browser</h1>`, ssr: false },
};

function payloadOf(page: TestPage): PagePayload {
  return { version: "v1", page: page.id, layouts: [], props: { html: page.html }, params: {}, head: page.head, ssr: page.ssr ?? true };
}

let entryScript = "";
/** Data URL requests by path, so a prefetch shows as one request. */
const dataRequests = new Map<string, number>();

/** The action at /form?save: the `outcome` field picks the answer. */
async function answerAction(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers(request.headers as Record<string, string>);
  const fields = await new Request("http://localhost/", { method: "POST", headers, body: Buffer.concat(chunks) }).formData();
  if (!headers.has("x-sdk-action")) {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<h1>Native post</h1><p id="fields">${new URLSearchParams(fields as unknown as Record<string, string>)}</p>`);
    return;
  }
  const outcome = fields.get("outcome");
  const json = (value: unknown) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(value));
  };
  if (outcome === "invalid") return json({ status: 422, errors: { title: "required" } });
  if (outcome === "redirect") return json({ status: 303, redirect: "/other" });
  if (outcome === "ok") return json({ status: 200, data: { saved: true } });
  response.writeHead(500, { "content-type": "text/html" });
  response.end("<h1>Action failed</h1>");
}

async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url!, "http://localhost");
  if (url.pathname === "/entry.js") {
    response.writeHead(200, { "content-type": "text/javascript" });
    response.end(entryScript);
    return;
  }
  if (request.method === "POST") return answerAction(request, response);
  const dataPath = url.pathname.endsWith("/__data.json") ? url.pathname.slice(0, -"/__data.json".length) || "/" : null;
  const page = PAGES[dataPath ?? url.pathname];
  if (!page) {
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
    return;
  }
  if (dataPath !== null) {
    dataRequests.set(dataPath, (dataRequests.get(dataPath) ?? 0) + 1);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(payloadOf(page)));
    return;
  }
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const payload = payloadOf(page);
  response.end(renderDocument({ head: page.head, body: payload.ssr ? page.html : "", payload, assets: { modules: [], css: [] }, entry: "/entry.js" }));
}

const server = createServer((request, response) => void serve(request, response));
let base = "";

test.before(async () => {
  const bundle = await build({ stdin: { contents: ENTRY, resolveDir: repoRoot, loader: "js" }, bundle: true, format: "esm", write: false, logLevel: "silent" });
  entryScript = bundle.outputFiles[0]!.text;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after(async () => {
  await closeBrowser();
  await new Promise((resolve) => server.close(resolve));
});

/** A page with the router started, and a marker that a full load would lose. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForFunction(() => "router" in window);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
}

const heading = (page: Page, text: string) => page.waitForFunction((expected) => document.querySelector("h1")?.textContent === expected, text);
const sameDocument = (page: Page) => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test("head: each navigation applies the page's head to the live document", async () => {
  await withContext({}, async (context) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await open(page, "/");
    await page.click("#to-other");
    await heading(page, "Other");
    assert.ok(await sameDocument(page), "a client navigation");
    assert.is(await page.title(), "Other");
    assert.equal(await page.$$eval('meta[name="description"]', (tags) => tags.map((tag) => tag.getAttribute("content"))), ["other"]);
    assert.is(await page.getAttribute('link[rel="canonical"]', "href"), "/other");
    const runs = () => page.evaluate(() => [(window as { headRuns?: number }).headRuns, (window as { otherRuns?: number }).otherRuns]);
    assert.equal(await runs(), [1, 1], "a script both heads have is kept, not run again; a new one runs");
    assert.is(await page.getAttribute("html", "lang"), "fr");
    assert.is(await page.getAttribute("html", "data-theme"), null, "an html attribute the new head lacks is removed");
    assert.is(await page.getAttribute("body", "class"), null, "so is a body attribute");
    assert.ok(await page.$('meta[name="viewport"]'), "the document's own tags stay");

    await page.goBack();
    await heading(page, "Home");
    assert.is(await page.title(), "Home");
    assert.is(await page.$('link[rel="canonical"]'), null);
    assert.is(await page.getAttribute("html", "data-theme"), "dark");
    assert.is(await page.getAttribute("body", "class"), "home");
    assert.equal(await runs(), [1, 1]);
    assert.equal(errors, []);
  });
});

test("scroll: the top after a link, the saved position on back, forward and reload", async () => {
  await withContext({}, async (context) => {
    const page = await context.newPage();
    await open(page, "/long");
    await page.evaluate(() => window.scrollTo(0, 1500));
    // Clicked by script: playwright's click would scroll the link into view first.
    await page.evaluate(() => (document.getElementById("long-to-other") as HTMLAnchorElement).click());
    await heading(page, "Other");
    assert.is(await scrollY(page), 0);
    await page.goBack();
    await heading(page, "Long");
    assert.is(await scrollY(page), 1500, "back restores the position");
    await page.goForward();
    await heading(page, "Other");
    assert.is(await scrollY(page), 0);
    await page.goBack();
    await heading(page, "Long");
    assert.ok(await sameDocument(page));

    await page.reload();
    await page.waitForFunction(() => "router" in window);
    assert.is(await scrollY(page), 1500, "a reload restores the position");
  });
});

test("anchors: a link to an anchor on the page is the browser's; one on another page scrolls there", async () => {
  await withContext({}, async (context) => {
    const page = await context.newPage();
    await open(page, "/long");
    const before = dataRequests.get("/long") ?? 0;
    await page.click("#to-part");
    await page.waitForFunction(() => location.hash === "#part");
    assert.ok((await scrollY(page)) > 2500, "the browser scrolled to the anchor");
    assert.is(dataRequests.get("/long") ?? 0, before, "no data fetched");
    await page.goBack();
    await page.waitForFunction(() => location.hash === "");
    assert.is(await scrollY(page), 0, "back puts the scroll back");

    await open(page, "/other");
    await page.evaluate(() => (window as unknown as { router: { navigate(url: string): Promise<void> } }).router.navigate("/long#part"));
    await heading(page, "Long");
    assert.ok((await scrollY(page)) > 2500, "scrolled to the anchor of the new page");
  });
});

test("prefetch: a hover's prefetch makes the click use the data already fetched", async () => {
  await withContext({}, async (context) => {
    const page = await context.newPage();
    await open(page, "/");
    const before = dataRequests.get("/other") ?? 0;
    await page.evaluate(() => (window as unknown as { router: { prefetch(url: string): void } }).router.prefetch("/other"));
    while ((dataRequests.get("/other") ?? 0) === before) await new Promise((resolve) => setTimeout(resolve, 10));
    await page.click("#to-other");
    await heading(page, "Other");
    assert.is((dataRequests.get("/other") ?? 0) - before, 1);
  });
});

test("ssr = false: the adapter renders the page and the router starts", async () => {
  await withContext({}, async (context) => {
    const page = await context.newPage();
    await open(page, "/csr");
    await heading(page, "Rendered in the browser");
  });
});

type Submit = (outcome: string) => Promise<unknown>;

test("forms: JSON answers resolve the submission; without one the browser posts the form", async () => {
  await withContext({}, async (context) => {
    const page = await context.newPage();
    await open(page, "/form");
    const submit: Submit = (outcome) =>
      page.evaluate((value) => {
        const form = document.querySelector("form")!;
        form.querySelector("input")!.value = value;
        // What a Form component does: the router's submit with the poster it brings.
        const { router, postForm } = window as unknown as { router: RouterHandle; postForm: FormPoster };
        return router.submit(form, form.querySelector("button"), postForm);
      }, outcome);
    assert.equal(await submit("invalid"), { status: 422, errors: { title: "required" } });
    const before = dataRequests.get("/form") ?? 0;
    assert.equal(await submit("ok"), { status: 200, data: { saved: true } });
    assert.is(dataRequests.get("/form"), before + 1, "success re-ran the loader");
    assert.equal(await submit("redirect"), { status: 303, redirect: "/other" });
    await heading(page, "Other");
    assert.ok(await sameDocument(page));

    await open(page, "/form");
    void submit("fails").catch(() => {});
    await heading(page, "Native post");
    const fields = await page.textContent("#fields");
    assert.match(fields!, "intent", "the submitter's name and value were posted");
    assert.match(fields!, "publish");
    assert.is(new URL(page.url()).search, "?save");
  });
});

test.run();
