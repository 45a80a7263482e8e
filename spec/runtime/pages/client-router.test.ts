/**
 * The browser router's navigation logic in Node: a fake window (history stack, fetch answered
 * from a table, a log of what the page did) stands in for the browser. Real-browser behaviour
 * (clicks, scrolling, the head in a live document) is in pages-client-browser.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ClientWindow } from "../../../runtime/pages/client/client-window.ts";
import { postForm } from "../../../runtime/pages/client/form-submit.ts";
import { createRouter } from "../../../runtime/pages/client/router.ts";
import { createTreeLoader } from "../../../runtime/pages/client/tree.ts";
import type { ActionResult, PagePayload, RouterHandle } from "../../../runtime/pages/types.ts";

const ORIGIN = "https://app.test";
const PAGES = ["pages/index.tsx", "pages/about.tsx", "pages/blog/[slug].tsx", "pages/login.tsx", "pages/404.tsx"];

function payload(page: string, overrides: Partial<PagePayload> = {}): PagePayload {
  return { version: "v1", page, layouts: ["pages/layout.tsx"], props: {}, params: {}, head: { title: page }, ssr: true, ...overrides };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function redirectedTo(response: Response, url: string): Response {
  Object.defineProperty(response, "redirected", { value: true });
  Object.defineProperty(response, "url", { value: new URL(url, ORIGIN).href });
  return response;
}

type Answer = Response | Error | (() => Response | Promise<Response>);

/** A fake form: attributes in a record, the DOM calls the router makes logged. */
function fakeForm(attributes: Record<string, string>, log: string[]) {
  return {
    getAttribute: (name: string) => attributes[name] ?? null,
    setAttribute: (name: string, value: string) => void (attributes[name] = value),
    append: (field: { name: string; value: string }) => log.push(`hidden field ${field.name}=${field.value}`),
    ownerDocument: { createElement: () => ({}) },
    attributes,
  } as unknown as HTMLFormElement & { attributes: Record<string, string> };
}

/** A submit button: its `value` property is what the browser sends. */
function fakeButton(attributes: Record<string, string>): HTMLButtonElement {
  return { getAttribute: (name: string) => attributes[name] ?? null, value: attributes.value ?? "" } as unknown as HTMLButtonElement;
}

interface Harness {
  router: RouterHandle;
  /** Effects in order: history, document loads, updates, heads, scrolls, focus. */
  log: string[];
  requests: { url: string; method: string; headers: Headers; body?: unknown }[];
  answers: Map<string, Answer>;
  readonly href: string;
  scrollY: number;
  history: { url: string; state: unknown }[];
  index: () => number;
  storage: Map<string, string>;
  /** Browser back or forward by `delta` entries: the entry changes, then popstate fires. */
  traverse(delta: number): void;
  /** A fragment navigation by the browser: a new entry without state, then popstate. */
  fragment(hash: string): void;
  click(attributes: Record<string, string>, modifiers?: Partial<MouseEvent>): { prevented: boolean };
  pagehide(): void;
  settled(): Promise<void>;
}

function harness(options: { url?: string; state?: unknown; version?: string; ids?: string[]; storage?: Record<string, string> } = {}): Harness {
  const log: string[] = [];
  const requests: Harness["requests"] = [];
  const answers = new Map<string, Answer>();
  const listeners = new Map<string, (event: unknown) => void>();
  const entries: { url: string; state: unknown }[] = [{ url: new URL(options.url ?? "/", ORIGIN).href, state: options.state ?? null }];
  let index = 0;
  const storage = new Map(Object.entries(options.storage ?? {}));
  const ids = new Set(options.ids ?? []);
  const state = { scrollY: 0 };
  const absolute = (url: string) => new URL(url, entries[index]!.url).href;
  const path = (url: string) => url.replace(ORIGIN, "");

  const win = {
    location: {
      get href() {
        return entries[index]!.url;
      },
      get pathname() {
        return new URL(entries[index]!.url).pathname;
      },
      get search() {
        return new URL(entries[index]!.url).search;
      },
      origin: ORIGIN,
      assign: (url: string) => log.push(`load ${path(absolute(url))}`),
    },
    history: {
      get state() {
        return entries[index]!.state;
      },
      pushState(data: unknown, _title: string, url?: string) {
        entries.splice(index + 1, Infinity, { url: absolute(url!), state: data });
        index++;
        log.push(`push ${path(entries[index]!.url)}`);
      },
      replaceState(data: unknown, _title: string, url?: string) {
        entries[index] = { url: url === undefined ? entries[index]!.url : absolute(url), state: data };
        if (url !== undefined) log.push(`replace ${path(entries[index]!.url)}`);
      },
      scrollRestoration: "auto",
    },
    document: {
      get baseURI() {
        return entries[index]!.url;
      },
      body: {
        tabIndex: 0,
        focus: () => log.push("focus body"),
        removeAttribute: () => {},
      },
      getElementById: (id: string) => (ids.has(id) ? { scrollIntoView: () => log.push(`scroll to #${id}`) } : null),
    },
    sessionStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) },
    get scrollY() {
      return state.scrollY;
    },
    scrollTo(_x: number, y: number) {
      state.scrollY = y;
      log.push(`scroll ${y}`);
    },
    async fetch(input: string, init: RequestInit = {}) {
      requests.push({ url: input, method: init.method ?? "GET", headers: new Headers(init.headers), body: init.body });
      const answer = answers.get(`${init.method ?? "GET"} ${input}`);
      if (answer === undefined) throw new Error(`no answer for ${init.method ?? "GET"} ${input}`);
      if (answer instanceof Error) throw answer;
      const response = typeof answer === "function" ? await answer() : answer;
      if (init.signal?.aborted) throw new DOMException("aborted", "AbortError");
      return response;
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    FormData: function (form: unknown, submitter: unknown) {
      return { form, submitter };
    },
    HTMLFormElement: {
      prototype: {
        submit(this: { getAttribute(name: string): string | null }) {
          log.push(`native submit ${this.getAttribute("method")} ${path(this.getAttribute("action")!)}`);
        },
      },
    },
  };

  const component = (id: string) => async () => ({ default: id });
  const loadTree = createTreeLoader(Object.fromEntries(PAGES.map((id) => [id, component(id)])), { "pages/layout.tsx": component("pages/layout.tsx") });
  const router = createRouter({
    win: win as unknown as ClientWindow,
    adapter: { update: (tree) => void log.push(`update ${tree.page.id} ${tree.url}`) },
    loadTree,
    applyHead: (head) => void log.push(`head ${head.title}`),
    version: options.version ?? "v1",
  });

  return {
    router,
    log,
    requests,
    answers,
    get href() {
      return path(entries[index]!.url);
    },
    get scrollY() {
      return state.scrollY;
    },
    set scrollY(y: number) {
      state.scrollY = y;
    },
    history: entries,
    index: () => index,
    storage,
    traverse(delta) {
      index += delta;
      listeners.get("popstate")!({});
    },
    fragment(hash) {
      entries.splice(index + 1, Infinity, { url: absolute(hash), state: null });
      index++;
      listeners.get("popstate")!({});
    },
    click(attributes, modifiers = {}) {
      const event = {
        button: 0,
        metaKey: false,
        ctrlKey: false,
        shiftKey: false,
        altKey: false,
        defaultPrevented: false,
        ...modifiers,
        target: { closest: (selector: string) => (selector === "a" ? { getAttribute: (name: string) => attributes[name] ?? null } : null) },
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      listeners.get("click")!(event);
      return { prevented: event.defaultPrevented };
    },
    pagehide: () => listeners.get("pagehide")!({}),
    async settled() {
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function page(h: Harness, dataUrl: string, body: PagePayload | Answer): void {
  h.answers.set(`GET ${dataUrl}`, body instanceof Response || body instanceof Error || typeof body === "function" ? body : () => json(body));
}

/** The effects since the last call. */
function effects(h: Harness): string[] {
  return h.log.splice(0);
}

test("start: keys the entry, takes over scroll restoration, scrolls nowhere on a first visit", () => {
  const h = harness({ url: "/blog/a" });
  assert.ok(typeof (h.history[0]!.state as { sdk: string }).sdk === "string");
  assert.equal(effects(h), []);
});

test("start: a reload restores the entry's saved scroll position", () => {
  const h = harness({ url: "/blog/a", state: { sdk: "k1" }, storage: { "sdk-scroll": JSON.stringify({ k1: 640 }) } });
  assert.equal(effects(h), ["scroll 640"]);
  assert.equal(h.history[0]!.state, { sdk: "k1" }, "the entry keeps its key");
});

test("navigate: fetches the data URL, pushes, updates, applies the head, scrolls to the top, moves focus", async () => {
  const h = harness();
  page(h, "/blog/a/__data.json?x=1", payload("pages/blog/[slug].tsx", { head: { title: "Post a" } }));
  await h.router.navigate("/blog/a?x=1");
  assert.equal(effects(h), ["push /blog/a?x=1", "update pages/blog/[slug].tsx /blog/a?x=1", "head Post a", "scroll 0", "focus body"]);
  assert.is(h.requests[0]!.headers.get("accept"), "application/json");
  assert.ok(typeof (h.history[1]!.state as { sdk: string }).sdk === "string");
});

test("navigate: replace rewrites the entry; scroll: false stays put and keeps focus", async () => {
  const h = harness();
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  await h.router.navigate("/about", { replace: true, scroll: false });
  assert.equal(effects(h), ["replace /about", "update pages/about.tsx /about", "head pages/about.tsx"]);
  assert.is(h.history.length, 1);
});

test("navigate: a URL with a fragment scrolls to its target, or the top when there is none", async () => {
  const h = harness({ ids: ["comments", "é"] });
  page(h, "/blog/a/__data.json", payload("pages/blog/[slug].tsx"));
  await h.router.navigate("/blog/a#comments");
  assert.equal(effects(h).slice(-2), ["scroll to #comments", "focus body"]);
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  await h.router.navigate("/about#%C3%A9");
  assert.equal(effects(h).slice(-2), ["scroll to #é", "focus body"]);
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  await h.router.navigate("/about?y#missing");
  assert.ok(h.requests.some((request) => request.url === "/about/__data.json?y"), "the fragment is not sent");
  page(h, "/about/__data.json?y", payload("pages/about.tsx"));
  await h.router.navigate("/about?y#missing");
  assert.equal(effects(h).slice(-2), ["scroll 0", "focus body"]);
});

test("navigate: to the URL on screen refreshes without a new entry", async () => {
  const h = harness({ url: "/about" });
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  await h.router.navigate("/about");
  assert.equal(effects(h), ["update pages/about.tsx /about", "head pages/about.tsx", "scroll 0", "focus body"]);
  assert.is(h.history.length, 1);
});

test("navigate: another origin and an anchor on this page are the browser's", async () => {
  const h = harness({ url: "/blog/a" });
  await h.router.navigate("https://elsewhere.test/x");
  await h.router.navigate("#comments");
  assert.equal(effects(h), ["load https://elsewhere.test/x", "load /blog/a#comments"]);
  assert.is(h.requests.length, 0);
});

test("navigate: anything but a payload of this build loads the document", async () => {
  const cases: Record<string, Answer | PagePayload> = {
    "a network error": new TypeError("Failed to fetch"),
    "an HTML answer": new Response("<h1>502</h1>", { status: 502, headers: { "content-type": "text/html" } }),
    "JSON that is no payload": json({ error: "Unauthorized" }, 401),
    "a payload of another build (stale client)": payload("pages/about.tsx", { version: "v2" }),
    "a page this client has no module for": payload("pages/new.tsx"),
  };
  for (const [name, answer] of Object.entries(cases)) {
    const h = harness();
    page(h, "/about/__data.json?q=1", answer);
    await h.router.navigate("/about?q=1#top");
    assert.equal(effects(h), ["load /about?q=1#top"], name);
    assert.is(h.history.length, 1, name);
  }
});

test("navigate: a page rendered with an error status (a 404 page) is shown client-side", async () => {
  const h = harness();
  page(h, "/nowhere/__data.json", () => json(payload("pages/404.tsx", { layouts: [] }), 404));
  await h.router.navigate("/nowhere");
  assert.equal(effects(h).slice(0, 2), ["push /nowhere", "update pages/404.tsx /nowhere"]);
});

test("navigate: a loader's redirect to another page's data lands there; one to a document loads it", async () => {
  const h = harness();
  page(h, "/private/__data.json", () => redirectedTo(json(payload("pages/login.tsx")), "/login/__data.json?next=%2Fprivate"));
  await h.router.navigate("/private#x");
  assert.equal(effects(h).slice(0, 2), ["push /login?next=%2Fprivate", "update pages/login.tsx /login?next=%2Fprivate"]);
  page(h, "/old/__data.json", () => redirectedTo(new Response("<h1>new</h1>", { headers: { "content-type": "text/html" } }), "/new"));
  await h.router.navigate("/old");
  assert.equal(effects(h), ["load /new"]);
});

test("navigate: a newer navigation abandons the one still loading", async () => {
  const h = harness();
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  page(h, "/blog/a/__data.json", async () => {
    await slow;
    return json(payload("pages/blog/[slug].tsx"));
  });
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  const first = h.router.navigate("/blog/a");
  await h.router.navigate("/about");
  release();
  await first;
  assert.equal(effects(h), ["push /about", "update pages/about.tsx /about", "head pages/about.tsx", "scroll 0", "focus body"]);
  assert.is(h.href, "/about");
});

test("navigate: a superseded navigation whose fetch fails does not load a document", async () => {
  const h = harness();
  let fail!: () => void;
  const failing = new Promise<void>((_, reject) => (fail = () => reject(new TypeError("Failed to fetch"))));
  page(h, "/blog/a/__data.json", async () => {
    await failing;
    return json({});
  });
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  const first = h.router.navigate("/blog/a");
  const second = h.router.navigate("/about");
  fail();
  await Promise.all([first, second]);
  assert.not.ok(h.log.some((entry) => entry.startsWith("load")), h.log.join("\n"));
});

test("links: a plain click on a same-origin link is a client navigation; others are the browser's", async () => {
  const h = harness();
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  assert.equal(h.click({ href: "/about" }), { prevented: true });
  await h.settled();
  assert.equal(effects(h).slice(0, 2), ["push /about", "update pages/about.tsx /about"]);
  assert.equal(h.click({ href: "/about" }, { metaKey: true }), { prevented: false });
  assert.equal(h.click({ href: "/about", target: "_blank" }), { prevented: false });
  assert.equal(h.click({ href: "https://elsewhere.test/" }), { prevented: false });
  assert.equal(h.click({ href: "#top" }), { prevented: false });
  await h.settled();
  assert.equal(effects(h), []);
});

test("back and forward: the entry's page is shown without a new entry, at its saved scroll position", async () => {
  const h = harness({ url: "/" });
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  page(h, "/__data.json", payload("pages/index.tsx"));
  h.scrollY = 500;
  await h.router.navigate("/about");
  h.scrollY = 120;
  effects(h);

  h.traverse(-1);
  await h.settled();
  assert.equal(effects(h), ["update pages/index.tsx /", "head pages/index.tsx", "scroll 500", "focus body"]);
  assert.is(h.href, "/");
  assert.is(h.history.length, 2, "no entry added");

  h.traverse(1);
  await h.settled();
  assert.equal(effects(h), ["update pages/about.tsx /about", "head pages/about.tsx", "scroll 120", "focus body"]);
});

test("back: an entry whose loader now redirects is rewritten to where it led", async () => {
  const h = harness({ url: "/" });
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  await h.router.navigate("/about");
  page(h, "/__data.json", () => redirectedTo(json(payload("pages/login.tsx")), "/login/__data.json"));
  effects(h);
  h.traverse(-1);
  await h.settled();
  assert.equal(effects(h).slice(0, 2), ["replace /login", "update pages/login.tsx /login"]);
  assert.is(h.history.length, 2);
});

test("back: a stale build reloads the entry's document", async () => {
  const h = harness({ url: "/" });
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  await h.router.navigate("/about");
  page(h, "/__data.json", payload("pages/index.tsx", { version: "v2" }));
  effects(h);
  h.traverse(-1);
  await h.settled();
  assert.equal(effects(h), ["load /"]);
});

test("back and forward between anchors of one page: nothing fetched, scroll put back", async () => {
  const h = harness({ url: "/blog/a" });
  h.scrollY = 200;
  h.fragment("#comments");
  h.scrollY = 900;
  h.traverse(-1);
  await h.settled();
  assert.equal(effects(h), ["scroll 200"]);
  h.traverse(1);
  await h.settled();
  assert.equal(effects(h), ["scroll 900"]);
  assert.is(h.requests.length, 0);
});

test("pagehide: the positions survive in sessionStorage, with the current one", async () => {
  const h = harness({ url: "/" });
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  h.scrollY = 300;
  await h.router.navigate("/about");
  h.scrollY = 40;
  h.pagehide();
  const saved = JSON.parse(h.storage.get("sdk-scroll")!);
  const key = (index: number) => (h.history[index]!.state as { sdk: string }).sdk;
  assert.is(saved[key(0)], 300);
  assert.is(saved[key(1)], 40);
});

test("prefetch: the data and modules are fetched once; the click uses them", async () => {
  const h = harness();
  page(h, "/about/__data.json", payload("pages/about.tsx"));
  h.router.prefetch("/about");
  h.router.prefetch("/about#team");
  h.router.prefetch("https://elsewhere.test/about");
  await h.settled();
  assert.is(h.requests.length, 1);
  await h.router.navigate("/about");
  assert.is(h.requests.length, 1, "the click used the prefetched data");
  assert.equal(effects(h).slice(0, 2), ["push /about", "update pages/about.tsx /about"]);
  await h.router.navigate("/");
  page(h, "/__data.json", payload("pages/index.tsx"));
  await h.router.navigate("/about");
  assert.is(h.requests.filter((request) => request.url === "/about/__data.json").length, 2, "a prefetch is used once");
});

test("prefetch: a prefetched answer from another build still reloads on click", async () => {
  const h = harness();
  page(h, "/about/__data.json", payload("pages/about.tsx", { version: "v2" }));
  h.router.prefetch("/about");
  await h.router.navigate("/about");
  assert.equal(effects(h), ["load /about"]);
});

test("reload: the page's data again, in place, never from the prefetch cache", async () => {
  const h = harness({ url: "/blog/a?x=1#c" });
  page(h, "/blog/a/__data.json?x=1", payload("pages/blog/[slug].tsx", { props: { n: 1 } }));
  h.router.prefetch("/blog/a?x=1");
  await h.settled();
  await h.router.reload();
  assert.is(h.requests.length, 2);
  assert.equal(effects(h), ["update pages/blog/[slug].tsx /blog/a?x=1", "head pages/blog/[slug].tsx"]);
  assert.is(h.history.length, 1);
});

/** What a Form component does: the router's submit with the poster the component brings. */
function submit(h: Harness, form: HTMLFormElement, submitter?: HTMLElement): Promise<ActionResult> {
  return h.router.submit(form, submitter, postForm);
}

function action(h: Harness, url: string, answer: Answer | object): void {
  h.answers.set(`POST ${url}`, answer instanceof Response || answer instanceof Error || typeof answer === "function" ? (answer as Answer) : () => json(answer));
}

test("submit: posts the form data to the form's action, asking for the action's JSON", async () => {
  const h = harness({ url: "/blog/a?x=1" });
  page(h, "/blog/a/__data.json?x=1", payload("pages/blog/[slug].tsx"));
  action(h, "https://app.test/blog/a?x=1", { status: 200, data: { saved: true } });
  const form = fakeForm({}, h.log);
  const result = await submit(h, form);
  assert.equal(result, { status: 200, data: { saved: true } });
  const post = h.requests[0]!;
  assert.is(post.method, "POST");
  assert.is(post.headers.get("x-sdk-action"), "1");
  assert.is(post.headers.get("accept"), "application/json");
  assert.equal(post.body, { form, submitter: undefined });
  assert.equal(effects(h), ["update pages/blog/[slug].tsx /blog/a?x=1", "head pages/blog/[slug].tsx"], "success re-runs the loader");
});

test("submit: the action URL comes from the submitter's formaction, else the form's action", async () => {
  const h = harness({ url: "/blog/a" });
  page(h, "/blog/a/__data.json", payload("pages/blog/[slug].tsx"));
  action(h, "https://app.test/blog/a?remove", { status: 200 });
  action(h, "https://app.test/blog/a?update", { status: 200 });
  const submitter = fakeButton({ formaction: "?remove" });
  await submit(h, fakeForm({ action: "?update" }, h.log), submitter);
  await submit(h, fakeForm({ action: "?update" }, h.log));
  assert.equal(
    h.requests.filter((request) => request.method === "POST").map((request) => request.url),
    ["https://app.test/blog/a?remove", "https://app.test/blog/a?update"],
  );
});

test("submit: 422 resolves with the errors; nothing reloads", async () => {
  const h = harness({ url: "/blog/a" });
  action(h, "https://app.test/blog/a", () => json({ status: 422, errors: { title: "required" } }));
  assert.equal(await submit(h, fakeForm({}, h.log)), { status: 422, errors: { title: "required" } });
  assert.equal(effects(h), []);
  assert.is(h.requests.length, 1);
});

test("submit: an action's own JSON answer takes the HTTP status", async () => {
  const h = harness({ url: "/blog/a" });
  action(h, "https://app.test/blog/a", () => json({ message: "no such post" }, 404));
  assert.equal(await submit(h, fakeForm({}, h.log)), { status: 404, message: "no such post" });
  assert.equal(effects(h), [], "not a success: nothing reloads");
  page(h, "/blog/a/__data.json", payload("pages/blog/[slug].tsx"));
  action(h, "https://app.test/blog/a", () => json({ status: 204 }, 200));
  assert.equal(await submit(h, fakeForm({}, h.log)), { status: 204 });
  assert.equal(effects(h), ["update pages/blog/[slug].tsx /blog/a", "head pages/blog/[slug].tsx"], "an action that returned nothing re-runs the loader");
});

test("submit: a redirect navigates there, past any prefetched data", async () => {
  const h = harness({ url: "/blog/new" });
  page(h, "/blog/b/__data.json", payload("pages/blog/[slug].tsx"));
  h.router.prefetch("/blog/b");
  await h.settled();
  action(h, "https://app.test/blog/new", { status: 303, redirect: "/blog/b" });
  assert.equal(await submit(h, fakeForm({}, h.log)), { status: 303, redirect: "/blog/b" });
  assert.equal(effects(h).slice(0, 2), ["push /blog/b", "update pages/blog/[slug].tsx /blog/b"]);
  assert.is(h.requests.filter((request) => request.url === "/blog/b/__data.json").length, 2, "the action may have changed the data");
});

test("submit: without a JSON answer the browser posts the form itself, submitter included", async () => {
  const h = harness({ url: "/blog/a" });
  action(h, "https://app.test/blog/a?update", new Response("<h1>Forbidden</h1>", { status: 403, headers: { "content-type": "text/html" } }));
  const form = fakeForm({ action: "?update" }, h.log);
  let settled = false;
  void submit(h, form, fakeButton({ name: "intent", value: "publish" })).finally(() => (settled = true));
  await h.settled();
  assert.equal(effects(h), ["hidden field intent=publish", "native submit post /blog/a?update"]);
  assert.not.ok(settled, "the page is leaving: the submission never settles");
});

test("submit: a network failure posts natively; a redirect to a document loads it", async () => {
  const h = harness({ url: "/blog/a" });
  action(h, "https://app.test/blog/a", new TypeError("Failed to fetch"));
  void submit(h, fakeForm({}, h.log));
  await h.settled();
  assert.equal(effects(h), ["native submit post /blog/a"]);
  action(h, "https://app.test/blog/a", () => redirectedTo(new Response("<h1>Login</h1>", { headers: { "content-type": "text/html" } }), "/login"));
  void submit(h, fakeForm({}, h.log));
  await h.settled();
  assert.equal(effects(h), ["load /login"]);
});

test.run();
