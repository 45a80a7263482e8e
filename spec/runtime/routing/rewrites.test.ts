import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileRewrites, rewriteDestinationProblem, rewriteFor } from "../../../runtime/routing/rewrites.ts";
import { PatternError } from "../../../runtime/routing/pattern.ts";
import { compileValueTable } from "../../../runtime/routing/match-table.ts";

const SITE = "https://site.example";

function rewrite(config: Record<string, string>, path: string): string | null {
  return rewriteFor(compileRewrites(config), new URL(path, SITE))?.href ?? null;
}

test("Cloudflare's proxying example: /blog/* served from /news/:splat, the URL's query kept", () => {
  assert.is(rewrite({ "/blog/*": "/news/:splat" }, "/blog/2024/hi?x=1"), `${SITE}/news/2024/hi?x=1`);
  assert.is(rewrite({ "/blog/*": "/news/:splat" }, "/other"), null);
});

test("Cloudflare's SEO note example: /about/faq/* served from /about/faqs", () => {
  assert.is(rewrite({ "/about/faq/*": "/about/faqs" }, "/about/faq/shipping"), `${SITE}/about/faqs`);
});

test("only the first matching rule applies (Cloudflare: /a -> /b and /b -> /c never chain)", () => {
  const config = { "/a": "/b", "/b": "/c" };
  assert.is(rewrite(config, "/a"), `${SITE}/b`);
  assert.is(rewrite(config, "/b"), `${SITE}/c`);
});

test("placeholders fill the destination; a destination query merges with the request's", () => {
  assert.is(rewrite({ "/u/:id/*": "/users/:id/:splat" }, "/u/7/posts/1"), `${SITE}/users/7/posts/1`);
  assert.is(rewrite({ "/s/:q": "/search?q=:q&page=1" }, "/s/cats?page=3&x=y"), `${SITE}/search?page=1&x=y&q=cats`);
  assert.is(rewrite({ "*": "/index.html" }, "/deep/spa/route?tab=2"), `${SITE}/index.html?tab=2`);
});

test("the result stays on the site whatever the splat holds", () => {
  const rules = compileRewrites({ "/p/*": "/:splat", "/q/*": "//:splat", "/r/*": "/\\:splat" });
  for (const prefix of ["/p", "/q", "/r"]) {
    for (const attack of ["//evil.example", "/%2f%2fevil.example", "/%5cevil.example", "/\\evil.example", "/%09/evil.example"]) {
      const url = new URL(`${prefix}${attack}`, SITE);
      const result = rewriteFor(rules, url);
      assert.ok(result, url.href);
      assert.is(result!.origin, url.origin, `${url.href} -> ${result!.href}`);
    }
  }
  assert.is(rewrite({ "/p/*": "/:splat" }, "/p/%2f%2fevil.example/x"), `${SITE}/evil.example/x`);
});

test("destinations are paths on this site", () => {
  assert.is(rewriteDestinationProblem("/index.html"), null);
  assert.match(rewriteDestinationProblem("index.html")!, /starts with "\/"/);
  assert.match(rewriteDestinationProblem("https://other.example/")!, /starts with "\/"/);
  assert.match(rewriteDestinationProblem("//other.example/")!, /another host/);
  assert.throws(() => compileRewrites({ "/a": "b" }), (e: unknown) => e instanceof PatternError);
});

test("value tables: the first specific pattern in key order wins, * is the fallback", () => {
  const ttl = compileValueTable({ "*": 60, "/live/*": 0, "/blog/:slug": 300, "/blog/*": 600 });
  assert.is(ttl.lookup("/live/scores"), 0);
  assert.is(ttl.lookup("/blog/hello"), 300);
  assert.is(ttl.lookup("/blog/2024/hello"), 600);
  assert.is(ttl.lookup("/about"), 60);
  const allow = compileValueTable({ "/search": ["q", "page"] });
  assert.equal(allow.lookup("/search"), ["q", "page"]);
  assert.is(allow.lookup("/other"), undefined);
  assert.is(compileValueTable(undefined).lookup("/x"), undefined);
});

test.run();
