/**
 * The browser router's pure parts, in Node: which link clicks it takes over, the scroll memory,
 * the prefetch cache, the tree loader and how a data URL's answer is read.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { linkDestination, type LinkClick } from "../../../runtime/pages/client/links.ts";
import { fetchPageData } from "../../../runtime/pages/client/page-data.ts";
import { createPrefetchCache } from "../../../runtime/pages/client/prefetch-cache.ts";
import { createScrollMemory, entryKey, entryState, newEntryKey } from "../../../runtime/pages/client/scroll-memory.ts";
import { createTreeLoader } from "../../../runtime/pages/client/tree.ts";
import type { PagePayload } from "../../../runtime/pages/types.ts";

const PLAIN: LinkClick = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const HERE = "https://app.test/blog/a?x=1";

function destination(attributes: Record<string, string>, click: Partial<LinkClick> = {}, base = HERE): string | null {
  return linkDestination({ ...PLAIN, ...click }, (name) => attributes[name] ?? null, base, HERE);
}

test("links: a plain click on a same-origin link navigates to its resolved URL", () => {
  assert.is(destination({ href: "/about" }), "https://app.test/about");
  assert.is(destination({ href: "b" }), "https://app.test/blog/b", "relative to the base");
  assert.is(destination({ href: "b" }, {}, "https://app.test/docs/"), "https://app.test/docs/b", "a <base> element counts");
  assert.is(destination({ href: "https://app.test/x?y=2#z" }), "https://app.test/x?y=2#z");
  assert.is(destination({ href: "/about", target: "_self" }), "https://app.test/about");
  assert.is(destination({ href: "/blog/a?x=2" }), "https://app.test/blog/a?x=2", "another query is another page");
  assert.is(destination({ href: "/blog/a?x=1" }), "https://app.test/blog/a?x=1", "the page itself, without an anchor, reloads its data");
  assert.is(destination({ href: "/other#part" }), "https://app.test/other#part", "an anchor on another page");
  assert.is(destination({ href: "/x", rel: "noopener nofollow" }), "https://app.test/x");
});

test("links: clicks the browser must handle are left alone", () => {
  for (const click of [{ button: 1 }, { metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { defaultPrevented: true }]) {
    assert.is(destination({ href: "/about" }, click), null, JSON.stringify(click));
  }
  const cases: Record<string, Record<string, string>> = {
    "no href": {},
    "another origin": { href: "https://elsewhere.test/about" },
    "another port": { href: "https://app.test:8443/about" },
    "another scheme": { href: "http://app.test/about" },
    mailto: { href: "mailto:a@b.test" },
    javascript: { href: "javascript:void 0" },
    "a new tab": { href: "/about", target: "_blank" },
    "a named frame": { href: "/about", target: "side" },
    download: { href: "/report.csv", download: "" },
    "rel=external": { href: "/about", rel: "noopener external" },
    "an anchor on this page": { href: "#comments" },
    "a bare #": { href: "#" },
    "this page with an anchor": { href: "/blog/a?x=1#top" },
    "an invalid URL": { href: "http://[" },
  };
  for (const [name, attributes] of Object.entries(cases)) assert.is(destination(attributes), null, name);
});

function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

test("scroll memory: positions by entry, kept in sessionStorage only when persisted", () => {
  const storage = fakeStorage();
  const memory = createScrollMemory(() => storage);
  assert.is(memory.get("a"), undefined);
  memory.save("a", 120);
  memory.save("b", 0);
  memory.save("a", 300);
  assert.is(memory.get("a"), 300);
  assert.is(memory.get("b"), 0);
  assert.is(storage.items.size, 0, "nothing written before pagehide");
  memory.persist();
  const reloaded = createScrollMemory(() => storage);
  assert.is(reloaded.get("a"), 300, "a reload finds the positions");
  assert.is(reloaded.get("b"), 0);
});

test("scroll memory: works in memory where storage is blocked or holds garbage", () => {
  const blocked = createScrollMemory(() => {
    throw new DOMException("denied", "SecurityError");
  });
  blocked.save("a", 5);
  blocked.persist();
  assert.is(blocked.get("a"), 5);
  assert.is(createScrollMemory(() => fakeStorage({ "sdk-scroll": "{not json" })).get("a"), undefined);
});

test("scroll memory: entry keys live in history.state", () => {
  const key = newEntryKey();
  assert.type(key, "string");
  assert.ok(key.length > 4);
  assert.is.not(newEntryKey(), key);
  assert.is(entryKey(entryState(key)), key);
  for (const state of [null, undefined, 3, "x", {}, { sdk: 4 }]) assert.is(entryKey(state), undefined, JSON.stringify(state));
});

test("prefetch cache: fresh entries are taken once; old ones are gone", () => {
  let now = 1_000;
  const cache = createPrefetchCache<string>(30_000, () => now);
  cache.put("/a", "A");
  cache.put("/b", "B");
  assert.ok(cache.has("/a"));
  assert.is(cache.take("/a"), "A");
  assert.is(cache.take("/a"), undefined, "used once");
  assert.not.ok(cache.has("/a"));
  now += 30_000;
  assert.not.ok(cache.has("/b"), "expired at its lifetime");
  assert.is(cache.take("/b"), undefined);
  cache.put("/c", "C");
  cache.clear();
  assert.is(cache.take("/c"), undefined);
});

function payload(overrides: Partial<PagePayload> = {}): PagePayload {
  return { version: "v1", page: "pages/blog/[slug].tsx", layouts: ["pages/layout.tsx", "pages/blog/layout.tsx"], props: {}, params: {}, head: {}, ssr: true, ...overrides };
}

test("tree loader: loads the page and its layouts, outermost first", async () => {
  const loaded: string[] = [];
  const module = (id: string) => async () => {
    loaded.push(id);
    return { default: `component of ${id}` };
  };
  const load = createTreeLoader(
    { "pages/blog/[slug].tsx": module("pages/blog/[slug].tsx") },
    { "pages/layout.tsx": module("pages/layout.tsx"), "pages/blog/layout.tsx": module("pages/blog/layout.tsx") },
  );
  const data = payload();
  const tree = await load(data, "/blog/a?x=1");
  assert.equal(tree.layouts, [
    { id: "pages/layout.tsx", component: "component of pages/layout.tsx" },
    { id: "pages/blog/layout.tsx", component: "component of pages/blog/layout.tsx" },
  ]);
  assert.equal(tree.page, { id: "pages/blog/[slug].tsx", component: "component of pages/blog/[slug].tsx" });
  assert.is(tree.payload, data);
  assert.is(tree.url, "/blog/a?x=1");
  assert.is(loaded.length, 3);
});

// No message of its own (the client runtime's size): the router answers any rejection with a
// full load of the page, which client-router.test.ts checks.
test("tree loader: a page the client entry does not know rejects", async () => {
  const load = createTreeLoader({}, {});
  let rejected = false;
  await load(payload({ layouts: [] }), "/").catch(() => (rejected = true));
  assert.ok(rejected);
});

type Answer = Response | Error;

function redirectedTo(response: Response, url: string): Response {
  Object.defineProperty(response, "redirected", { value: true });
  Object.defineProperty(response, "url", { value: url });
  return response;
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { ...init, headers: { "content-type": "application/json; charset=utf-8" } });
}

async function read(answer: Answer, url = "/blog/a?x=1") {
  const requests: { url: string; headers: Headers; signal?: AbortSignal | null }[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    requests.push({ url: input, headers: new Headers(init.headers), signal: init.signal });
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof globalThis.fetch;
  const signal = new AbortController().signal;
  return { data: await fetchPageData(fetch, url, signal), request: requests[0]!, signal };
}

test("page data: fetched from the data URL, asking for JSON", async () => {
  const { data, request, signal } = await read(json(payload()));
  assert.is(request.url, "/blog/a/__data.json?x=1");
  assert.is(request.headers.get("accept"), "application/json");
  assert.is(request.signal, signal);
  assert.equal(data, { payload: payload(), url: "/blog/a?x=1" });
  assert.is((await read(json(payload()), "/")).request.url, "/__data.json");
});

test("page data: a page rendered with an error status is still a page", async () => {
  const notFound = payload({ page: "pages/404.tsx", layouts: [] });
  assert.equal((await read(json(notFound, { status: 404 }))).data, { payload: notFound, url: "/blog/a?x=1" });
});

test("page data: anything but a page payload is a document load of the page", async () => {
  const answers: Record<string, Answer> = {
    "a network error": new TypeError("Failed to fetch"),
    "an abort": new DOMException("aborted", "AbortError"),
    "an HTML error page": new Response("<h1>Bad gateway</h1>", { status: 502, headers: { "content-type": "text/html" } }),
    "JSON that is not a payload": json({ error: "Unauthorized" }, { status: 401 }),
    "broken JSON": new Response("{", { headers: { "content-type": "application/json" } }),
    "JSON without a content type": new Response(JSON.stringify(payload())),
  };
  for (const [name, answer] of Object.entries(answers)) assert.equal((await read(answer)).data, { url: "/blog/a?x=1" }, name);
});

test("page data: a loader's redirect to another data URL stays a client navigation", async () => {
  const login = payload({ page: "pages/login.tsx", layouts: [] });
  const { data } = await read(redirectedTo(json(login), "https://app.test/login/__data.json?next=%2Fblog"));
  assert.equal(data, { payload: login, url: "/login?next=%2Fblog" });
  const home = await read(redirectedTo(json(payload()), "https://app.test/__data.json"));
  assert.is(home.data.url, "/");
});

test("page data: a redirect to a document loads that document", async () => {
  const html = new Response("<h1>Login</h1>", { headers: { "content-type": "text/html" } });
  assert.equal((await read(redirectedTo(html, "https://app.test/login"))).data, { url: "https://app.test/login" });
});

test.run();
