import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  compilePattern,
  destinationProblem,
  PatternError,
  patternProblem,
  substitute,
  type PatternMatch,
} from "../../../runtime/routing/pattern.ts";

const pathOf = (raw: string) => new URL(raw, "https://site.example").pathname;

function matches(pattern: string, path: string): PatternMatch | null {
  return compilePattern(pattern).match(path);
}

type Row = [pattern: string, path: string, expected: { params?: Record<string, string>; splat?: string | null } | null];

const TABLE: Row[] = [
  // static
  ["/", "/", {}],
  ["/about", "/about", {}],
  ["/about", "/About", null],
  ["/about", "/about/extra", null],
  // Cloudflare `_redirects` example lines: "/trailing /trailing/" and "/notrailing/ /nottrailing"
  ["/trailing", "/trailing/", null],
  ["/notrailing/", "/notrailing/", {}],
  ["/notrailing/", "/notrailing", null],
  // Cloudflare placeholders example: "/movies/:title"
  ["/movies/:title", "/movies/jaws", { params: { title: "jaws" } }],
  ["/movies/:title", "/movies/", null],
  ["/movies/:title", "/movies/jaws/2", null],
  // Cloudflare advanced redirects table: "/blog/:year/:month/:date/:slug"
  ["/blog/:year/:month/:date/:slug", "/blog/2024/05/01/hello", { params: { year: "2024", month: "05", date: "01", slug: "hello" } }],
  ["/products/:code/:name", "/products/42/lamp", { params: { code: "42", name: "lamp" } }],
  // Cloudflare splat examples: "/blog/*", "/static/*"; splat at the end
  ["/blog/*", "/blog/a/b/c.html", { splat: "a/b/c.html" }],
  ["/blog/*", "/blog/", { splat: "" }],
  ["/blog/*", "/blog", null],
  ["/static/*", "/static/image.jpg", { splat: "image.jpg" }],
  // splat in the middle
  ["/a/*/edit", "/a/x/y/edit", { splat: "x/y" }],
  ["/a/*/edit", "/a//edit", { splat: "" }],
  ["/a/*/edit", "/a/edit", null],
  ["/:lang/*/:page", "/en/docs/guide/intro", { params: { lang: "en", page: "intro" }, splat: "docs/guide" }],
  // splat at the start of the path, and inside a segment (Cloudflare's "/*.jpg" detach example)
  ["/*/edit", "/users/7/edit", { splat: "users/7" }],
  ["/*.jpg", "/photos/cat.jpg", { splat: "photos/cat" }],
  ["/*.jpg", "/photos/cat.png", null],
  ["/files/*.tar.gz", "/files/x.tar.gz", { splat: "x" }],
  // `*` alone: every path, the splat is the whole path
  ["*", "/", { splat: "/" }],
  ["*", "/any/thing", { splat: "/any/thing" }],
  ["/*", "/", { splat: "" }],
  // head and tail may not overlap: "/ab*ba" needs at least "/abba"
  ["/ab*ba", "/aba", null],
  ["/ab*ba", "/abba", { splat: "" }],
  // encoded characters: matched as received, never decoded; an encoded "/" is not a separator
  ["/a/b", pathOf("/a%2Fb"), null],
  ["/files/:name", pathOf("/files/a%2Fb"), { params: { name: "a%2Fb" } }],
  ["/café", pathOf("/café"), {}],
  ["/a b", pathOf("/a b"), {}],
  ["/search/:q", pathOf("/search/hello%20world"), { params: { q: "hello%20world" } }],
  ["/x/*", pathOf("/x/%0d%0aSet-Cookie:%20a"), { splat: "%0d%0aSet-Cookie:%20a" }],
  // colons not followed by a letter are literal text
  ["/time/12:30", "/time/12:30", {}],
];

for (const [pattern, path, expected] of TABLE) {
  test(`${pattern} against ${path}`, () => {
    const result = matches(pattern, path);
    if (expected === null) return assert.is(result, null);
    assert.ok(result, "matches");
    assert.equal({ ...result!.params }, expected.params ?? {});
    assert.is(result!.splat, expected.splat === undefined ? null : expected.splat);
  });
}

/** Cloudflare's asset worker, in test code only: escape, `*` -> `(.*)`, `:name` -> `([^/]+)`. */
function cloudflareRegExp(pattern: string): RegExp {
  const escaped = pattern.split("*").map((s) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&")).join("(?<splat>.*)");
  return new RegExp(`^${escaped.replace(/:([A-Za-z]\w*)/g, (_m, name: string) => `(?<${name}>[^/]+)`)}$`);
}

test("agrees with Cloudflare's regular-expression matcher on every pattern and path of a grid", () => {
  const patterns = ["/", "*", "/a", "/a/", "/a/*", "/*", "/*/b", "/a/:x", "/:x/:y", "/a/:x/*", "/*/:x", "/:x/*/:y", "/a*b", "/*.js", "/a/*/b/:c"];
  const paths = ["/", "/a", "/a/", "/a/b", "/a/b/", "/a//b", "/ab", "/a/x/b/c", "/x.js", "/a/b/c.js", "/b", "/a/b/b/c", "//"];
  for (const pattern of patterns) {
    const reference = cloudflareRegExp(pattern);
    for (const path of paths) {
      const expected = reference.exec(path);
      const actual = matches(pattern, path);
      assert.is(actual !== null, expected !== null, `${pattern} vs ${path}`);
      if (!expected || !actual) continue;
      const { splat = null, ...params } = { ...expected.groups };
      assert.is(actual.splat, splat, `splat of ${pattern} vs ${path}`);
      assert.equal({ ...actual.params }, params, `params of ${pattern} vs ${path}`);
    }
  }
});

test("linear time: a 100k-character path against a pattern with a splat and placeholders", () => {
  const middle = "ab/".repeat(34_000);
  const path = `/tenant/acme/${middle}file/report.pdf`;
  assert.ok(path.length > 100_000);
  const result = matches("/tenant/:name/*/file/:doc", path);
  assert.equal({ ...result!.params }, { name: "acme", doc: "report.pdf" });
  assert.is(result!.splat, middle.slice(0, -1));
  // near misses that a backtracking matcher would retry at every position
  assert.is(matches("/tenant/:name/*/file/:doc", `${path}/`), null);
  assert.is(matches("/*a/b/c/:x", `/${"a/".repeat(50_000)}`), null);
});

test("invalid patterns say why; compilePattern throws PatternError", () => {
  const cases: [string, RegExp][] = [
    ["", /starts with "\/"/],
    ["api/*", /starts with "\/"/],
    ["/a/*/b/*", /only one "\*"/],
    ["**", /starts with "\/"/],
    ["/blog-:year", /whole segment/],
    ["/:id.json", /whole segment/],
    ["/a/:x/:x", /appears twice/],
    ["/a/:splat", /:splat/],
    ["/search?q=1", /query or fragment/],
    ["/a#top", /query or fragment/],
    ["/a\\b", /never matches/],
    ["/a\r\nb", /control characters/],
    ["/a/../b", /resolves it/],
  ];
  for (const [pattern, why] of cases) {
    assert.match(patternProblem(pattern) ?? "", why, pattern);
    assert.throws(() => compilePattern(pattern), (e: unknown) => e instanceof PatternError, pattern);
  }
  for (const ok of ["*", "/", "/a/*", "/:a/:b_2/*.html", "/time/12:30"]) assert.is(patternProblem(ok), null, ok);
});

test("substitute fills :splat and :name, whole names only, leaving unknown ones", () => {
  const match = compilePattern("/p/:id/:id_2/*").match("/p/1/2/rest/of")!;
  assert.is(substitute("/q/:id_2/:id/:splat", match), "/q/2/1/rest/of");
  assert.is(substitute("/q/:other?x=:id", match), "/q/:other?x=1");
  assert.is(substitute("https://example.com:8443/:splat", match), "https://example.com:8443/rest/of");
  // Cloudflare example: "/products/:code/:name /products?code=:code&name=:name"
  const product = compilePattern("/products/:code/:name").match("/products/42/lamp")!;
  assert.is(substitute("/products?code=:code&name=:name", product), "/products?code=42&name=lamp");
});

test("destinationProblem: :splat without *, unknown placeholders, control characters", () => {
  assert.match(destinationProblem("/old", "/new/:splat")!, /has no "\*"/);
  assert.match(destinationProblem("/u/:id", "/users/:name")!, /":name"/);
  assert.match(destinationProblem("/a", "/b\nSet-Cookie: x")!, /control characters/);
  assert.is(destinationProblem("/blog/*", "https://blog.my.domain/:splat"), null);
  assert.is(destinationProblem("/u/:id/*", "/users/:id/:splat"), null);
  assert.is(destinationProblem("/a", "https://example.com:8443/"), null);
});

test.run();
