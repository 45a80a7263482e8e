import { test } from "uvu";
import * as assert from "uvu/assert";
import { defineHandler, defineMiddleware } from "../../../runtime/index.ts";
import { SegmentTrieRouter } from "../../../runtime/router/router.ts";
import { createApp } from "../../../runtime/app.ts";
import { createDirectDispatch } from "../../../runtime/direct/dispatch.ts";
import { HtmlDocument } from "../../../runtime/pages/html-document.ts";
import { createNotFoundPage, createPageRoutes } from "../../../runtime/pages/routes.ts";
import type { HeadFunction, PagePayload } from "../../../runtime/pages/types.ts";
import { captureErrors, embeddedPayload, fakeAdapter, manifest, page, pageApp } from "../../helpers/pages-server-fixture.ts";

const blogPost = page("pages/blog/[slug].tsx", "/blog/:slug", {
  loader: defineHandler((c) => ({ slug: c.req.param("slug"), tab: c.req.query("tab") ?? null })),
});

const expectedPayload: PagePayload = {
  version: "build-1",
  page: "pages/blog/[slug].tsx",
  layouts: ["pages/layout.tsx"],
  props: { slug: "hello", tab: null },
  params: { slug: "hello" },
  head: {},
  ssr: true,
};

function head<P>(fn: HeadFunction<P>["fn"]): HeadFunction<unknown> {
  return { kind: "head", fn } as HeadFunction<unknown>;
}

test("the router: `/x/:slug/__data.json` takes the data URL from `/x/:slug`; a catch-all takes both", () => {
  const router = new SegmentTrieRouter<string>();
  router.add("GET", "/x/:slug", "page");
  router.add("GET", "/x/:slug/__data.json", "data");
  router.add("GET", "/docs/:path{.+}", "catch-all");
  const names = (path: string) => router.match("GET", path)[0].map(([handler]) => handler);
  assert.equal(names("/x/a"), ["page"]);
  assert.equal(names("/x/a/__data.json"), ["data"]);
  assert.equal(names("/docs/a"), ["catch-all"]);
  assert.equal(names("/docs/a/__data.json"), ["catch-all"]);
});

test("createPageRoutes: per page, the page route and its data route; a catch-all page answers both itself", () => {
  const withAction = page("pages/blog/[slug].tsx", "/blog/:slug", { action: defineHandler(() => undefined) });
  const docs = page("pages/docs/[...path].tsx", "/docs/:path{.+}");
  const routes = createPageRoutes([page("pages/index.tsx", "/"), withAction, docs], { adapter: fakeAdapter, manifest, production: true });
  assert.equal(
    routes.map((pair) => pair.map((route) => [route.pattern, route.file, Object.keys(route.handlers)])),
    [
      [
        ["/", "pages/index.tsx", ["GET"]],
        ["/__data.json", "pages/index.tsx", ["GET"]],
      ],
      [
        ["/blog/:slug", "pages/blog/[slug].tsx", ["GET", "POST"]],
        ["/blog/:slug/__data.json", "pages/blog/[slug].tsx", ["GET"]],
      ],
      [["/docs/:path{.+}", "pages/docs/[...path].tsx", ["GET"]]],
    ],
  );
  assert.equal(
    routes.map((pair) => pair.map((route) => route.directAnswer !== undefined)),
    [[true, true], [true, true], [true]],
    "a page answers the direct path with its HtmlDocument, its data URL with the JSON's text",
  );
});

test("GET a page: the document with the rendered tree, the page's assets and its payload", async () => {
  const res = await pageApp([blogPost]).request("/blog/hello");
  assert.is(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", "text/html");
  const html = await res.text();
  assert.match(html, '<div id="sdk-root"><div data-layout="pages/layout.tsx"><main data-url="/blog/hello">{&quot;slug&quot;:&quot;hello&quot;,&quot;tab&quot;:null}</main></div></div>');
  assert.match(html, '<link rel="modulepreload" href="/assets/slug-1.js"><link rel="modulepreload" href="/assets/shared-2.js">');
  assert.match(html, '<link rel="stylesheet" href="/assets/slug-3.css">');
  assert.match(html, '<script type="module" src="/assets/entry-abc.js"></script>');
  assert.equal(embeddedPayload(html), expectedPayload);
});

test("GET the data URL: the same payload as JSON, with no caching headers of its own", async () => {
  const res = await pageApp([blogPost]).request("/blog/hello/__data.json");
  assert.is(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", "application/json");
  assert.is(res.headers.get("cache-control"), null);
  assert.equal(await res.json(), expectedPayload);
});

test("the data URL keeps the query for the loader", async () => {
  const res = await pageApp([blogPost]).request("/blog/hello/__data.json?tab=comments");
  assert.equal(((await res.json()) as PagePayload).props, { slug: "hello", tab: "comments" });
});

test("the root page's data URL is /__data.json", async () => {
  const app = pageApp([page("pages/index.tsx", "/")]);
  const payload = (await (await app.request("/__data.json")).json()) as PagePayload;
  assert.is(payload.page, "pages/index.tsx");
  assert.equal(payload.props, {});
});

test("headers a loader sets reach both answers, so the page and its data are cached alike", async () => {
  const app = pageApp([
    page("pages/me.tsx", "/me", {
      loader: defineHandler((c) => {
        c.header("Cache-Control", "private");
        return { me: 1 };
      }),
    }),
  ]);
  assert.is((await app.request("/me")).headers.get("cache-control"), "private");
  assert.is((await app.request("/me/__data.json")).headers.get("cache-control"), "private");
});

test("props are what JSON delivers, on the server too: a Date arrives as its string", async () => {
  const app = pageApp([page("pages/d.tsx", "/d", { loader: defineHandler(() => ({ at: new Date("2026-01-01T00:00:00Z"), gone: undefined })) })]);
  const html = await (await app.request("/d")).text();
  assert.match(html, "<main data-url=\"/d\">{&quot;at&quot;:&quot;2026-01-01T00:00:00.000Z&quot;}</main>");
  assert.equal((embeddedPayload(html) as PagePayload).props, { at: "2026-01-01T00:00:00.000Z" });
});

test("</script>, <!-- and U+2028 in props survive the document and the data URL", async () => {
  const text = "</script><script>alert(1)</script><!--\u2028\u2029";
  const app = pageApp([page("pages/x.tsx", "/x", { loader: defineHandler(() => ({ text })) })]);
  const html = await (await app.request("/x")).text();
  assert.equal((embeddedPayload(html) as PagePayload).props, { text });
  assert.not.match(html, "alert(1)</script>");
  assert.equal(((await (await app.request("/x/__data.json")).json()) as PagePayload).props, { text });
});

test("a loader's Response is the answer as it is, for the page and for its data URL", async () => {
  const app = pageApp([page("pages/admin.tsx", "/admin", { loader: defineHandler((c) => c.redirect("/login")) })]);
  for (const path of ["/admin", "/admin/__data.json"]) {
    const res = await app.request(path);
    assert.is(res.status, 302, path);
    assert.is(res.headers.get("location"), "/login", path);
  }
});

test("a loader that throws: a 500 document without the message in production, logged with the page file", async () => {
  const app = pageApp([
    page("pages/boom.tsx", "/boom", {
      loader: defineHandler(() => {
        throw new Error("db password hunter2");
      }),
    }),
  ]);
  let res!: Response;
  const logged = await captureErrors(async () => {
    res = await app.request("/boom");
  });
  assert.is(res.status, 500);
  assert.match(res.headers.get("content-type") ?? "", "text/html");
  const html = await res.text();
  assert.match(html, "<title>Internal Server Error</title>");
  assert.not.match(html, "hunter2");
  assert.not.match(html, "at ");
  assert.match(logged, "GET pages/boom.tsx");
  assert.match(logged, "hunter2");

  await captureErrors(async () => {
    res = await app.request("/boom/__data.json");
  });
  assert.is(res.status, 500);
  assert.equal(await res.json(), { error: "Internal Server Error" });
});

test("a loader that throws in development shows the message", async () => {
  const app = pageApp(
    [
      page("pages/boom.tsx", "/boom", {
        loader: defineHandler(() => {
          throw new Error("kaput");
        }),
      }),
    ],
    { production: false },
  );
  await captureErrors(async () => {
    const res = await app.request("/boom");
    assert.is(res.status, 500);
    assert.match(await res.text(), "<pre>kaput</pre>");
  });
});

test("a loader returning what JSON cannot carry is a 500 naming the path", async () => {
  const app = pageApp([page("pages/f.tsx", "/f", { loader: defineHandler(() => ({ user: { save() {} } })) })], { production: false });
  await captureErrors(async () => {
    const res = await app.request("/f");
    assert.is(res.status, 500);
    assert.match(await res.text(), "props.user.save is a function");
  });
});

test("middleware runs for the data URL: an auth check on /admin/* guards /admin/x/__data.json", async () => {
  const auth = defineMiddleware(async (c, next) => {
    if (c.req.path.startsWith("/admin/") && c.req.header("authorization") === undefined) return c.json({ error: "Unauthorized" }, 401);
    await next();
  });
  const app = pageApp([page("pages/admin/[id].tsx", "/admin/:id", { loader: defineHandler(() => ({ secret: 42 })) })], {
    middleware: [{ file: "middleware/auth.ts", middleware: auth }],
  });
  for (const path of ["/admin/x", "/admin/x/__data.json"]) {
    const res = await app.request(path);
    assert.is(res.status, 401, path);
    assert.not.match(await res.text(), "42");
  }
  assert.is((await app.request("/admin/x/__data.json", { headers: { authorization: "yes" } })).status, 200);
});

test("head: config < middleware headDefaults < the page's head(c, props), in the document and the data", async () => {
  const defaults = defineMiddleware(async (c, next) => {
    c.set("headDefaults", { titleTemplate: "%s · Blog", meta: [{ name: "description", content: "a blog" }] });
    await next();
  });
  const post = page("pages/blog/[slug].tsx", "/blog/:slug", { loader: defineHandler((c) => ({ title: `Post ${c.req.param("slug")}` })) }, {
    head: head<{ title: string }>((c, props) => ({ title: props.title, link: [{ rel: "canonical", href: c.req.url }] })),
  });
  const app = pageApp([post], {
    head: { title: "Site", titleTemplate: "%s | Site", htmlAttrs: { lang: "en" } },
    middleware: [{ file: "middleware/head.ts", middleware: defaults }],
  });
  const expected = {
    title: "Post a · Blog",
    meta: [{ name: "description", content: "a blog" }],
    link: [{ rel: "canonical", href: "http://localhost/blog/a" }],
    htmlAttrs: { lang: "en" },
  };
  const html = await (await app.request("/blog/a")).text();
  assert.match(html, '<html lang="en">');
  assert.match(html, "<title>Post a · Blog</title>");
  assert.equal((embeddedPayload(html) as PagePayload).head, expected);
  assert.equal(((await (await app.request("/blog/a/__data.json")).json()) as PagePayload).head, expected, "head() sees the page URL, not the data URL");
});

test("a catch-all page answers its own data URL, and its loader sees the page's path and parameter", async () => {
  const seen: unknown[] = [];
  const docs = page("pages/docs/[...path].tsx", "/docs/:path{.+}", {
    loader: defineHandler((c) => {
      seen.push([c.req.path, c.req.url, c.req.param("path")]);
      return { path: c.req.param("path") };
    }),
  });
  const app = pageApp([docs]);
  const html = await (await app.request("/docs/a/b%20c")).text();
  assert.equal((embeddedPayload(html) as PagePayload).params, { path: "a/b c" });
  const res = await app.request("/docs/a/b%20c/__data.json?x=1");
  assert.is(res.status, 200);
  const payload = (await res.json()) as PagePayload;
  assert.equal(payload.params, { path: "a/b c" });
  assert.equal(payload.props, { path: "a/b c" });
  assert.equal(seen[1], ["/docs/a/b c", "http://localhost/docs/a/b%20c?x=1", "a/b c"]);
  assert.is((await app.request("/docs/__data.json")).status, 404, "the data of /docs, which this page does not serve");
});

test("a data URL no page owns is a 404, even when a parameter route could take `__data.json`", async () => {
  const app = pageApp([blogPost]);
  const res = await app.request("/blog/__data.json");
  assert.is(res.status, 404);
  assert.equal(await res.json(), { error: "Not Found" });
});

test("the index page's data route wins over a sibling parameter page", async () => {
  const app = pageApp([page("pages/blog/index.tsx", "/blog"), blogPost]);
  assert.is(((await (await app.request("/blog/__data.json")).json()) as PagePayload).page, "pages/blog/index.tsx");
  assert.is(((await (await app.request("/blog/hello/__data.json")).json()) as PagePayload).page, "pages/blog/[slug].tsx");
});

test("ssr = false: the document carries head and data, the root stays empty", async () => {
  const app = pageApp([page("pages/chart.tsx", "/chart", { loader: defineHandler(() => ({ n: 1 })) }, { ssr: false, head: head(() => ({ title: "Chart" })) })]);
  const html = await (await app.request("/chart")).text();
  assert.match(html, '<div id="sdk-root"></div>');
  assert.match(html, "<title>Chart</title>");
  const payload = embeddedPayload(html) as PagePayload;
  assert.is(payload.ssr, false);
  assert.equal(payload.props, { n: 1 });
});

test("Markdown frontmatter travels in the payload", async () => {
  const app = pageApp([page("pages/docs/intro.md", "/docs/intro", undefined, { frontmatter: { title: "Intro", tags: ["a"] } })]);
  const payload = (await (await app.request("/docs/intro/__data.json")).json()) as PagePayload;
  assert.equal(payload.frontmatter, { title: "Intro", tags: ["a"] });
});

test("HEAD answers like GET without a body", async () => {
  const app = pageApp([blogPost]);
  for (const path of ["/blog/hello", "/blog/hello/__data.json"]) {
    const res = await app.request(path, { method: "HEAD" });
    assert.is(res.status, 200, path);
    assert.is(await res.text(), "", path);
  }
});

test("a page without actions answers POST with 405", async () => {
  const res = await pageApp([blogPost]).request("/blog/hello", { method: "POST" });
  assert.is(res.status, 405);
  assert.is(res.headers.get("allow"), "GET, HEAD");
});

test("pages/404 answers a browser loading a page (GET or HEAD asking for HTML); fetch(), API clients and other methods keep the JSON 404", async () => {
  const notFoundPage = createNotFoundPage(page("pages/404.tsx", "/404"), { adapter: fakeAdapter, manifest, production: true });
  const app = createApp({ production: true, middleware: [], routes: [], notFoundPage });
  const html = await app.request("/missing", { headers: { Accept: "text/html,application/xhtml+xml" } });
  assert.is(html.status, 404);
  assert.match(html.headers.get("content-type") ?? "", "text/html");
  assert.match(await html.text(), '<div id="sdk-root">');
  assert.is((await app.request("/missing", { method: "HEAD", headers: { Accept: "text/html" } })).status, 404);
  for (const init of [{}, { headers: { Accept: "application/json" } }, { method: "POST", headers: { Accept: "text/html" } }]) {
    const json = await app.request("/missing", init);
    assert.is(json.status, 404);
    assert.equal(await json.json(), { error: "Not Found" });
  }
});

test("on the direct path a page answers with its document, or with c.html()'s Response once its loader set a header", async () => {
  const plain = page("pages/plain.tsx", "/plain", { loader: defineHandler(() => ({ n: 1 })) });
  const cookie = page("pages/cookie.tsx", "/cookie", { loader: defineHandler((c) => (c.header("set-cookie", "seen=1"), { n: 2 })) });
  const app = pageApp([plain, cookie]);
  const direct = createDirectDispatch(app);
  const run = (path: string) => direct.run(direct.match(path)!, new Request(`http://localhost${path}`), path, {});
  const document = await run("/plain");
  assert.ok(document instanceof HtmlDocument);
  assert.is(document.html, await (await app.request("/plain")).text(), "the same document Hono's dispatch sends");
  const touched = await run("/cookie");
  assert.ok(touched instanceof Response);
  assert.is(touched.headers.get("set-cookie"), "seen=1");
  assert.is(await touched.text(), await (await app.request("/cookie")).text());
});

test("on the direct path a data URL answers with its JSON text, or with a Response where the loader gave or touched one", async () => {
  const plain = page("pages/plain.tsx", "/plain", { loader: defineHandler(() => ({ text: "</script>\u2028ü" })) });
  const cookie = page("pages/cookie.tsx", "/cookie", { loader: defineHandler((c) => (c.header("set-cookie", "seen=1"), { n: 2 })) });
  const moved = page("pages/moved.tsx", "/moved", { loader: defineHandler((c) => c.redirect("/elsewhere")) });
  const broken = page("pages/broken.tsx", "/broken", { loader: defineHandler(() => ({ at: new Map() })) });
  const app = pageApp([plain, cookie, moved, broken]);
  const direct = createDirectDispatch(app);
  const run = (path: string) => direct.run(direct.match(path)!, new Request(`http://localhost${path}`), path, {});
  const text = await run("/plain/__data.json");
  assert.type(text, "string");
  const dispatched = await app.request("/plain/__data.json");
  assert.is(dispatched.headers.get("content-type"), "application/json", "the type the servers write a JSON text with");
  assert.is(text, await dispatched.text(), "the same JSON Hono's dispatch sends");
  const touched = (await run("/cookie/__data.json")) as Response;
  assert.ok(touched instanceof Response);
  assert.is(touched.headers.get("set-cookie"), "seen=1");
  assert.is(touched.headers.get("content-type"), "application/json");
  assert.is(await touched.text(), await (await app.request("/cookie/__data.json")).text());
  const redirect = (await run("/moved/__data.json")) as Response;
  assert.is(redirect.status, 302);
  assert.is(redirect.headers.get("location"), "/elsewhere");
  const errors = await captureErrors(async () => {
    const failed = (await run("/broken/__data.json")) as Response;
    assert.is(failed.status, 500);
    assert.is(failed.status, (await app.request("/broken/__data.json")).status);
  });
  assert.match(errors, "props.at is a Map", "the loader's error is logged with where it is");
});

test("on the direct path a catch-all page's data URL answers with its JSON text too, or with c.body()'s Response once its loader set a header", async () => {
  const docs = page("pages/docs/[...path].tsx", "/docs/:path{.+}", {
    loader: defineHandler((c) => {
      if (c.req.param("path") === "private") c.header("cache-control", "private");
      return { path: c.req.param("path") };
    }),
  });
  const app = pageApp([docs]);
  const direct = createDirectDispatch(app);
  const run = (path: string) => direct.run(direct.match(path)!, new Request(`http://localhost${path}`), path, {});
  const text = await run("/docs/a/b/__data.json");
  assert.type(text, "string");
  assert.equal((JSON.parse(text as string) as PagePayload).params, { path: "a/b" });
  assert.is(text, await (await app.request("/docs/a/b/__data.json")).text(), "the same JSON Hono's dispatch sends");
  const touched = (await run("/docs/private/__data.json")) as Response;
  assert.ok(touched instanceof Response);
  assert.is(touched.headers.get("cache-control"), "private");
  assert.is(touched.headers.get("content-type"), "application/json");
  assert.is(await touched.text(), await (await app.request("/docs/private/__data.json")).text());
  assert.ok((await run("/docs/a/b")) instanceof HtmlDocument, "the page itself still answers with its document");
  const missing = (await run("/docs/__data.json")) as Response;
  assert.is(missing.status, 404, "the data of /docs, which this page does not serve");
});

test("a loader on a data URL reads the page's request: its URL, the request's method, headers and signal, a Request in every way", async () => {
  const seen: Record<string, unknown>[] = [];
  const probe = page("pages/probe/[id].tsx", "/probe/:id", {
    loader: defineHandler(async (c) => {
      const raw = c.req.raw;
      const copy = raw.clone();
      seen.push({
        url: c.req.url,
        rawUrl: raw.url,
        method: raw.method,
        header: c.req.header("x-test") ?? null,
        rawHeader: raw.headers.get("x-test"),
        isRequest: raw instanceof Request,
        signal: raw.signal instanceof AbortSignal && !raw.signal.aborted,
        body: await raw.text(),
        copyUrl: copy.url,
        forFetch: new Request(raw.clone()).url,
      });
      return {};
    }),
  });
  const app = pageApp([probe]);
  const direct = createDirectDispatch(app);
  const path = "/probe/7/__data.json";
  const request = () => new Request(`http://localhost${path}?tab=a`, { headers: { "x-test": "yes" } });
  await direct.run(direct.match(path)!, request(), path, {});
  await app.request(request());
  const expected = { url: "http://localhost/probe/7?tab=a", rawUrl: "http://localhost/probe/7?tab=a", method: "GET", header: "yes", rawHeader: "yes", isRequest: true, signal: true, body: "", copyUrl: "http://localhost/probe/7?tab=a", forFetch: "http://localhost/probe/7?tab=a" };
  assert.equal(seen, [expected, expected], "the same on the direct path and under Hono's dispatch");
});

test.run();
