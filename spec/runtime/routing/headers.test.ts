import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileHeaderRules, headerLineProblem, headersFor, withHeaders } from "../../../runtime/routing/headers.ts";
import { PatternError } from "../../../runtime/routing/pattern.ts";

/** Cloudflare's `_headers` example (without its absolute-URL rule, which routing keys do not take). */
const CLOUDFLARE_EXAMPLE = compileHeaderRules({
  "/secure/page": ["X-Frame-Options: DENY", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer"],
  "/static/*": ["Access-Control-Allow-Origin: *", "X-Robots-Tag: nosnippet"],
  "/*": ["X-Robots-Tag: noindex"],
});

const asObject = (pairs: readonly (readonly [string, string])[]) => Object.fromEntries(pairs);

test("Cloudflare's _headers example: every matching rule applies", () => {
  assert.equal(asObject(headersFor(CLOUDFLARE_EXAMPLE, "/secure/page")), {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  });
  assert.equal(asObject(headersFor(CLOUDFLARE_EXAMPLE, "/home")), { "X-Robots-Tag": "noindex" });
});

test("Cloudflare's _headers example: one header from several rules is joined with \", \" in rule order", () => {
  assert.equal(asObject(headersFor(CLOUDFLARE_EXAMPLE, "/static/styles.css")), {
    "Access-Control-Allow-Origin": "*",
    "X-Robots-Tag": "nosnippet, noindex",
  });
  const rules = compileHeaderRules({ "/a/*": ["cache-control: public"], "/a/:b": ["Cache-Control: max-age=60", "Vary: Accept"] });
  assert.equal(headersFor(rules, "/a/x"), [["cache-control", "public, max-age=60"], ["Vary", "Accept"]]);
});

test("no matching rule: no headers, and the response is returned as is", () => {
  const none = headersFor(CLOUDFLARE_EXAMPLE, "");
  assert.equal(none, []);
  const response = new Response("x");
  assert.is(withHeaders(response, none), response);
  assert.equal(headersFor(compileHeaderRules(undefined), "/x"), []);
});

test("Cloudflare's placeholder example: \":title\" and :splat fill in from the path", () => {
  const rules = compileHeaderRules({
    "/movies/:title": ['x-movie-name: You are watching ":title"'],
    "/files/*": ["Link: </files/:splat>; rel=\"canonical\"", "X-Time: 12:30"],
  });
  assert.equal(headersFor(rules, "/movies/jaws"), [["x-movie-name", 'You are watching "jaws"']]);
  assert.equal(asObject(headersFor(rules, "/files/a/b.txt")), { Link: '</files/a/b.txt>; rel="canonical"', "X-Time": "12:30" });
});

test("header lines are parsed once and checked: a bad line throws at compile, never reaches a response", () => {
  assert.is(headerLineProblem("Cache-Control:no-store"), null);
  assert.match(headerLineProblem("X-Frame-Options DENY")!, /no ":"/);
  assert.match(headerLineProblem("Bad Name: 1")!, /not a valid header name/);
  assert.match(headerLineProblem("X-Empty: ")!, /empty value/);
  assert.match(headerLineProblem("X-A: 1\r\nSet-Cookie: x=1")!, /line break/);
  assert.match(headerLineProblem("X-A: 1\nSet-Cookie: x=1")!, /line break/);
  assert.match(headerLineProblem("X-A: a\u0000b")!, /control character/);
  assert.match(headerLineProblem("X-A: 日本")!, /beyond U\+00FF/);
  assert.throws(() => compileHeaderRules({ "/x": ["X-A: 1\r\nSet-Cookie: x=1"] }), (e: unknown) => e instanceof PatternError);
});

test("no CRLF possible through placeholders: values filled from the path stay one line", () => {
  const rules = compileHeaderRules({ "/p/*": ["X-Path: :splat"] });
  for (const raw of ["/p/%0d%0aSet-Cookie:%20a=1", "/p/a\r\nSet-Cookie: a=1", "/p/%E5%98%8A"]) {
    const pathname = new URL(raw, "https://site.example").pathname;
    const headers = headersFor(rules, pathname);
    for (const [, value] of headers) assert.not.match(value, /[\r\n]/);
    const response = withHeaders(new Response("ok"), headers);
    assert.is(response.headers.get("set-cookie"), null);
  }
  // a caller passing a raw string with a line break gets the header left out, not a broken one
  assert.equal(headersFor(rules, "/p/a\r\nSet-Cookie: a=1"), []);
});

test("withHeaders sets (replaces) headers on a mutable response in place", () => {
  const response = new Response("body", { status: 201, headers: { "X-Robots-Tag": "all", "Content-Type": "text/plain" } });
  const out = withHeaders(response, [["X-Robots-Tag", "noindex"], ["X-Frame-Options", "DENY"]]);
  assert.is(out.status, 201);
  assert.is(out.headers.get("x-robots-tag"), "noindex");
  assert.is(out.headers.get("x-frame-options"), "DENY");
  assert.is(out.headers.get("content-type"), "text/plain");
});

test("withHeaders copies a response whose headers are immutable, keeping status and body stream", async () => {
  const immutable = Response.redirect("https://site.example/next", 307);
  assert.throws(() => immutable.headers.set("x", "y"));
  const redirected = withHeaders(immutable, [["X-Frame-Options", "DENY"]]);
  assert.is(redirected.status, 307);
  assert.is(redirected.headers.get("location"), "https://site.example/next");
  assert.is(redirected.headers.get("x-frame-options"), "DENY");

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("streamed "));
      controller.enqueue(new TextEncoder().encode("body"));
      controller.close();
    },
  });
  const frozen = new Response(stream, { status: 203, statusText: "Copied", headers: { "content-type": "text/plain" } });
  Object.defineProperty(frozen, "headers", { value: freeze(frozen.headers) });
  const out = withHeaders(frozen, [["Cache-Control", "no-store"]]);
  assert.is.not(out, frozen);
  assert.is(out.status, 203);
  assert.is(out.statusText, "Copied");
  assert.is(out.headers.get("cache-control"), "no-store");
  assert.is(out.headers.get("content-type"), "text/plain");
  assert.is(await out.text(), "streamed body");
});

/** What a fetch() or cache response's headers do on workerd: reads work, writes throw. */
function freeze(headers: Headers): Headers {
  return new Proxy(headers, {
    get(target, key) {
      if (key === "set" || key === "append" || key === "delete") return () => { throw new TypeError("immutable"); };
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

test.run();
