/**
 * What every pages fixture must show, whatever its UI library: spec/fixtures/e2e-pages (React)
 * and its twins e2e-pages-<library> have the same pages, ids, texts, loaders and actions, so one
 * list of HTTP and browser assertions holds for all of them. Markup is compared without the
 * comments and attributes a library adds (`<!-- -->`, scoped-style classes).
 */
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { withContext } from "./browser.js";
import { request } from "./http.js";

/** The HTML with comments dropped and attributes other than ids removed from simple tags, for text checks. */
function plain(html: string): string {
  return html.replace(/<!--[^]*?-->/g, "").replace(/<(h1|p|title|li)( id="[^"]*")?[^>]*>/g, "<$1$2>");
}

/** `prerendered: false` for a build that renders every page per request (an ejected app, which carries no prerender step). */
export async function assertPagesHttp(base: string, { prerendered = true } = {}): Promise<void> {
  const home = await request(base, { path: "/" });
  const homeText = plain(home.body);
  assert.is(home.status, 200, home.body);
  assert.match(String(home.headers["content-type"]), "text/html");
  assert.match(homeText, "<h1>Home page</h1>", "server-rendered page");
  assert.match(homeText, "<title>Pages · Pages</title>", "config title through its template");
  assert.match(home.body, /<html lang="en"/, "middleware's html attributes");
  assert.match(home.body, /<link rel="stylesheet" href="\/assets\/[^"]+\.css"/, "the layout's CSS is linked");
  assert.match(home.body, /<link rel="modulepreload" href="\/assets\/[^"]+\.js"/, "the page's chunks are preloaded");

  const post = await request(base, { path: "/blog/a" });
  assert.is(post.status, 200, post.body);
  assert.match(plain(post.body), "<title>Post a · Pages</title>");
  assert.not.match(post.body, /<\/script><script>window.__pwned/, "loader data cannot close the data script");

  const data = await request(base, { path: "/blog/a/__data.json" });
  assert.is(data.status, 200, data.body);
  const payload = JSON.parse(data.body);
  assert.equal(payload.props.slug, "a");
  assert.is(payload.props.published, "2026-01-02T00:00:00.000Z", "props arrive as JSON");
  assert.is(payload.head.title, "Post a · Pages");
  assert.equal(payload.params, { slug: "a" });

  const guide = await request(base, { path: "/guide/a/b/__data.json" });
  assert.is(guide.status, 200, guide.body);
  assert.match(String(guide.headers["content-type"]), "application/json");
  const guidePayload = JSON.parse(guide.body);
  assert.equal(guidePayload.params, { path: "a/b" }, "a catch-all page answers its own data URL, for the page at /guide/a/b");
  assert.equal(guidePayload.props, { path: "a/b" });
  assert.match(plain((await request(base, { path: "/guide/a/b" })).body), "<h1>Guide a/b</h1>");

  for (const page of ["/about", "/about/__data.json", "/blog/a", "/blog/a/__data.json", "/docs/intro"]) {
    const res = await request(base, { path: page });
    assert.is(res.status, 200, page);
    if (prerendered) assert.ok(res.headers.etag, `${page} is served from the build as an asset`);
  }
  const perRequest = await request(base, { path: "/blog/b" });
  assert.is(perRequest.status, 200);
  assert.is(perRequest.headers.etag, undefined, "paths getPrerenderPaths() leaves out render per request");

  const root = await request(base, { path: "/__data.json" });
  assert.match(JSON.parse(root.body).page, /^pages\/index\.(tsx|vue|svelte)$/, "/ is the index page");

  const redirected = await request(base, { path: "/blog/old" });
  assert.is(redirected.status, 302);
  assert.is(redirected.headers.location, "/blog/a");

  const boom = await request(base, { path: "/boom" });
  assert.is(boom.status, 500);
  assert.not.match(boom.body, "hunter2", "no loader message in production");

  const guarded = await request(base, { path: "/private/area/__data.json" });
  assert.is(guarded.status, 401, "middleware guards the data URL as it guards the page");

  const api = await request(base, { path: "/api/hello" });
  assert.equal(JSON.parse(api.body), { message: "hello from an API route" });

  const asset = /\/assets\/[^"]+\.css/.exec(home.body)![0];
  const css = await request(base, { path: asset });
  assert.is(css.status, 200);
  assert.match(css.body, "site-nav");
  assert.is(css.headers["cache-control"], "public, max-age=31536000, immutable", "hashed build files are cached for good");

  const clientOnly = await request(base, { path: "/client-only" });
  assert.is(clientOnly.status, 200);
  assert.not.match(clientOnly.body, "rendered in the", "ssr = false: no component HTML from the server");
  assert.match(clientOnly.body, /id="sdk-page">\{[^<]*"ssr":false/, "the document still carries the page data");

  const markdown = await request(base, { path: "/docs/intro" });
  assert.is(markdown.status, 200, markdown.body);
  assert.match(plain(markdown.body), '<h1 id="getting-started">Getting started</h1>');
  assert.match(markdown.body, "<table>");
  assert.match(plain(markdown.body), "<title>Introduction · Pages</title>");
  assert.match(markdown.body, 'content="How &lt;/script&gt;&lt;b&gt;pages&lt;/b&gt; work"', "frontmatter is escaped into the head");
  assert.match(plain(markdown.body), '<p id="section">section guide</p>', "the layout reads the frontmatter");

  const missing = await request(base, { path: "/no/such/page", headers: { Accept: "text/html,application/xhtml+xml" } });
  assert.is(missing.status, 404);
  assert.match(plain(missing.body), "<h1>No page here</h1>", "pages/404 answers a browser");
  assert.match(plain(missing.body), "<title>Not found · Pages</title>");
  const missingJson = await request(base, { path: "/no/such/page" });
  assert.is(missingJson.status, 404);
  assert.equal(JSON.parse(missingJson.body), { error: "Not Found" }, "API clients keep the JSON 404");

  const crossSite = await request(base, { method: "POST", path: "/guestbook?sign", headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: "name=Eve" });
  assert.is(crossSite.status, 403, "a cross-site form post is refused");

  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const signed = await request(base, { method: "POST", path: "/guestbook?sign", headers: form, body: "name=Zed" });
  assert.is(signed.status, 303, "post, then redirect");
  assert.is(signed.headers.location, "/guestbook");
  const invalid = await request(base, { method: "POST", path: "/guestbook?sign", headers: form, body: "name=Z" });
  assert.is(invalid.status, 422);
  assert.match(invalid.body, "Write at least two letters.", "the page renders its errors");
  const enhanced = await request(base, { method: "POST", path: "/guestbook?leave", headers: { ...form, "x-sdk-action": "1" }, body: "" });
  assert.equal(JSON.parse(enhanced.body), { status: 302, redirect: "/about" });
  const entries = await request(base, { path: "/guestbook/__data.json" });
  assert.ok(JSON.parse(entries.body).props.entries.includes("Zed"), "the loader sees the action's write");
}

export async function assertPagesForms(base: string): Promise<void> {
  await withContext({ javaScriptEnabled: false }, async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/guestbook`);
    await page.fill('input[name="name"]', "A");
    await page.click("#sign");
    assert.is(await text(page, "#name-error"), "Write at least two letters.", "422 errors render without JavaScript");
    await page.fill('input[name="name"]', "Ann");
    await page.click("#sign");
    await page.waitForSelector("#entries li");
    assert.ok((await page.locator("#entries li").allTextContents()).includes("Ann"), "post, redirect, get");
    assert.is(new URL(page.url()).pathname + new URL(page.url()).search, "/guestbook");
  });

  await withContext({}, async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/guestbook`);
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await page.fill('input[name="name"]', "B");
    await page.click("#sign");
    await page.waitForSelector("#name-error");
    assert.is(await text(page, "#name-error"), "Write at least two letters.");
    await page.fill('input[name="name"]', "Bob");
    await page.click("#sign");
    await page.waitForFunction(() => [...document.querySelectorAll("#entries li")].some((li) => li.textContent === "Bob"));
    assert.not.ok(await page.$("#name-error"), "the errors clear after a success");
    await page.click("#leave");
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About page");
    assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), "forms and their redirect never reload");

    const notFound = await page.goto(`${base}/no/such/page`);
    assert.is(notFound?.status(), 404);
    assert.is(await text(page, "h1"), "No page here");
    await page.click("text=About");
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About page");

    await page.goto(`${base}/client-only`);
    await page.waitForFunction(() => document.querySelector("#client-only")?.textContent === "rendered in the browser");
  });
}

async function text(page: Page, selector: string): Promise<string> {
  return (await page.textContent(selector)) ?? "";
}

export async function assertPagesInBrowser(base: string): Promise<void> {
  await withContext({ javaScriptEnabled: false }, async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/blog/a`);
    assert.is(await text(page, "h1"), "Post a", "server HTML without JavaScript");
    assert.is(await page.title(), "Post a · Pages");
  });

  await withContext({}, async (context) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${base}/`);
    await page.click("#hydrated");
    await page.waitForFunction(() => document.querySelector("#hydrated")?.textContent === "clicked 1");
    assert.not.ok(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned), "no script from data ran");

    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await page.click("#root-counter");
    await page.click("text=Post a");
    await page.waitForSelector("text=Post a", { state: "attached" });
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Post a");
    assert.is(await text(page, "#root-counter"), "root layout 1", "the root layout kept its state");
    assert.is(await page.title(), "Post a · Pages", "the title follows the navigation");
    assert.is(await text(page, "#param"), "param a");
    assert.is(await text(page, "#tricky"), "</script><script>window.__pwned = true</script>\u2028");

    await page.click("#blog-counter");
    await page.click("text=Post b");
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Post b");
    assert.is(await text(page, "#blog-counter"), "blog layout 1", "the blog layout kept its state from a to b");

    await page.click("text=About");
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About page");
    assert.is(await text(page, "#root-counter"), "root layout 1", "the root layout kept its state to /about");
    assert.is(await page.title(), "About · Pages");
    assert.is(await page.getAttribute('meta[name="description"]', "content"), "about us", "meta follows the page");
    assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), "no full load happened");

    await page.goBack();
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Post b");
    assert.is(new URL(page.url()).pathname, "/blog/b");
    await page.goForward();
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About page");
    assert.equal(errors, [], "no page errors");
  });

  await withContext({}, async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await page.route("**/__data.json", async (route) => {
      const response = await route.fetch();
      const payload = await response.json();
      await route.fulfill({ response, json: { ...payload, version: "a-newer-build" } });
    });
    await page.click("text=About");
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About page");
    assert.not.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), "a stale client reloads the page");
  });
}

/** The scripts a document runs before any navigation: its entry and preloads, and what they import statically. */
async function scriptsOf(base: string, documentPath: string): Promise<Map<string, string>> {
  const document = await request(base, { path: documentPath });
  const pending = [...document.body.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((match) => match[1]!);
  const scripts = new Map<string, string>();
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (scripts.has(url)) continue;
    const script = await request(base, { path: url });
    assert.is(script.status, 200, url);
    scripts.set(url, script.body);
    for (const [, specifier] of script.body.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)) pending.push(new URL(specifier!, new URL(url, "http://x")).pathname);
  }
  return scripts;
}

/** The code that posts a form ships with the pages that render one, not in every document's scripts. */
export async function assertFormCodeWithFormsOnly(base: string): Promise<void> {
  // postForm reads the submitter's `formaction`; no UI library's client code spells it in lower case.
  const postsForms = (scripts: Map<string, string>) => [...scripts.values()].some((body) => body.includes("formaction"));
  assert.not.ok(postsForms(await scriptsOf(base, "/")), "the home page has no form: its scripts carry no form posting");
  assert.ok(postsForms(await scriptsOf(base, "/guestbook")), "the guestbook's Form brings the posting code");
}
