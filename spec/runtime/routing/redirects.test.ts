import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileRedirects, redirectDestinationProblem, redirectFor, redirectLoopProblem, type RedirectsConfig } from "../../../runtime/routing/redirects.ts";

const SITE = "https://site.example";

function redirect(config: RedirectsConfig, path: string): { status: number; location: string | null } | null {
  const response = redirectFor(compileRedirects(config), new URL(path, SITE));
  return response && { status: response.status, location: response.headers.get("location") };
}

/** The complete example of Cloudflare's `_redirects` docs, as config. */
const CLOUDFLARE_EXAMPLE: RedirectsConfig = {
  "/home301": { to: "/", status: 301 },
  "/home302": { to: "/", status: 302 },
  "/querystrings": { to: "/?query=string", status: 301 },
  "/twitch": "https://twitch.tv",
  "/trailing": { to: "/trailing/", status: 301 },
  "/notrailing/": { to: "/nottrailing", status: 301 },
  "/page/": { to: "/page2/#fragment", status: 301 },
  "/blog/*": "https://blog.my.domain/:splat",
  "/products/:code/:name": "/products?code=:code&name=:name",
};

test("Cloudflare's complete _redirects example", () => {
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/home301"), { status: 301, location: "/" });
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/home302"), { status: 302, location: "/" });
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/querystrings"), { status: 301, location: "/?query=string" });
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/twitch"), { status: 302, location: "https://twitch.tv/" });
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/trailing"), { status: 301, location: "/trailing/" });
  assert.is(redirect(CLOUDFLARE_EXAMPLE, "/trailing/"), null);
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/notrailing/"), { status: 301, location: "/nottrailing" });
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/page/"), { status: 301, location: "/page2/#fragment" });
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/blog/2024/hello"), { status: 302, location: "https://blog.my.domain/2024/hello" });
  assert.equal(redirect(CLOUDFLARE_EXAMPLE, "/products/42/lamp"), { status: 302, location: "/products?code=42&name=lamp" });
  assert.is(redirect(CLOUDFLARE_EXAMPLE, "/elsewhere"), null);
});

test("a string destination is a 302; every documented status is kept", () => {
  assert.is(redirect({ "/a": "/b" }, "/a")!.status, 302);
  assert.is(redirect({ "/a": { to: "/b" } }, "/a")!.status, 302);
  for (const status of [301, 302, 303, 307, 308] as const) {
    assert.equal(redirect({ "/a": { to: "/b", status } }, "/a"), { status, location: "/b" });
  }
});

test("Cloudflare's splat and placeholder examples carry into the destination", () => {
  assert.is(redirect({ "/blog/*": "/posts/:splat" }, "/blog/a/b.html")!.location, "/posts/a/b.html");
  assert.is(
    redirect({ "/blog/:year/:month/:date/:slug": "/news/:year/:month/:date/:slug" }, "/blog/2024/05/01/hi")!.location,
    "/news/2024/05/01/hi",
  );
  assert.is(redirect({ "/movies/:title": "/media/:title" }, "/movies/jaws")!.location, "/media/jaws");
});

test("the first matching rule wins, in key order (Cloudflare: the top-most redirect is applied)", () => {
  const config = { "/docs/intro": "/first", "/docs/*": "/second/:splat", "/docs/:page": "/third" };
  assert.is(redirect(config, "/docs/intro")!.location, "/first");
  assert.is(redirect(config, "/docs/other")!.location, "/second/other");
});

test("the destination's own query replaces the request's; without one the request's is kept (asset worker handleRedirects)", () => {
  assert.is(redirect({ "/a": "/b" }, "/a?x=1&y=2")!.location, "/b?x=1&y=2");
  assert.is(redirect({ "/a": "/b?y=9&z=3" }, "/a?x=1&y=2")!.location, "/b?y=9&z=3");
  assert.is(redirect({ "/a": "/b?y=9" }, "/a")!.location, "/b?y=9");
  assert.is(redirect({ "/a": "/b" }, "/a?q=a+b%20c&q=2")!.location, "/b?q=a+b%20c&q=2", "the request's query is passed on as received");
  assert.is(redirect({ "/a": "/b#top" }, "/a?x=1")!.location, "/b?x=1#top");
  assert.is(redirect({ "/a": "/b?k=v#top" }, "/a?x=1")!.location, "/b?k=v#top");
  assert.is(redirect({ "/a": "https://other.example/b" }, "/a?x=1")!.location, "https://other.example/b?x=1");
  assert.is(redirect({ "/a": "https://other.example/b?k=v" }, "/a?x=1")!.location, "https://other.example/b?k=v");
  assert.is(redirect({ "/a": "https://other.example/b#top" }, "/a?x=1")!.location, "https://other.example/b?x=1#top");
});

test("an absolute destination on the request's own origin is sent as a path, as the asset worker does", () => {
  assert.is(redirect({ "/a": "https://site.example/b?k=v#top" }, "/a")!.location, "/b?k=v#top");
  assert.is(redirect({ "/a": "http://site.example/b" }, "/a")!.location, "http://site.example/b", "another scheme is another origin");
});

test("runs of slashes collapse in a relative destination's path, never in its query or fragment", () => {
  assert.is(redirect({ "/go/*": "/x/:splat" }, "/go/a//b")!.location, "/x/a/b");
  assert.is(redirect({ "/n/*": "/login?next=:splat" }, "/n/a//b")!.location, "/login?next=a//b");
  assert.is(redirect({ "/l": "/login?next=https://x.example//a#p//q" }, "/l")!.location, "/login?next=https://x.example//a#p//q");
});

const ESCAPES = [
  "//evil.example",
  "/\\evil.example",
  "/%2f%2fevil.example",
  "/%2F%2Fevil.example",
  "/%5cevil.example",
  "/%5C%5Cevil.example",
  "/%2f%5cevil.example",
  "/%09/evil.example",
  "/%0d%0a/evil.example",
  "/\t/evil.example",
  "/\\/evil.example",
  "///evil.example/x",
];

test("open redirect: whatever the splat holds, a relative destination stays on the site", () => {
  const rules = compileRedirects({ "/go/*": "/:splat", "/to/:where/*": "/:where/:splat" });
  for (const attack of ESCAPES) {
    for (const path of [`/go${attack}`, `/go/${attack}`, `/to/x${attack}`]) {
      const url = new URL(path, SITE);
      const location = redirectFor(rules, url)?.headers.get("location");
      assert.ok(location, path);
      assert.ok(location!.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\"), `${path} -> ${location}`);
      assert.is(new URL(location, url).origin, url.origin, `${path} -> ${location}`);
      assert.not.match(location, /[\r\n\t]/);
    }
  }
  assert.is(redirect({ "/go/*": "/:splat" }, "/go/%2f%2fevil.example")!.location, "/evil.example");
  assert.is(redirect({ "/go/*": "/:splat" }, "/go//evil.example")!.location, "/evil.example");
});

test("open redirect: a destination template that escapes is kept on the site at run time too", () => {
  // The compiler refuses these templates; the runtime holds even without it.
  const templates = ["//:splat", "/\\:splat", "/\t/:splat", "/\r\n/:splat", "/%2f/:splat", "/%5c%5c:splat"];
  for (const template of templates) {
    const response = redirectFor(compileRedirects({ "/go/*": template }), new URL("/go/evil.example/x", SITE))!;
    const location = response.headers.get("location")!;
    assert.is(location, "/evil.example/x", JSON.stringify(template));
  }
});

test("open redirect: an absolute destination keeps the origin its rule names", () => {
  const rules = compileRedirects({ "/out/*": "https://docs.example/:splat" });
  const ok = redirectFor(rules, new URL("/out/@evil.example/x", SITE))!;
  assert.is(new URL(ok.headers.get("location")!).origin, "https://docs.example");
  for (const path of ["/out/%2f%2fevil.example", "/out/..%2f..%2f", "/out/.evil.example"]) {
    const response = redirectFor(rules, new URL(path, SITE));
    if (response) assert.is(new URL(response.headers.get("location")!).origin, "https://docs.example", path);
  }
  // the compiler refuses placeholders before the host; were one there, the redirect is not followed
  const hostile = compileRedirects({ "/h/*": "https://:splat@docs.example/" });
  assert.is(redirectFor(hostile, new URL("/h/evil.example/x", SITE)), null);
  assert.ok(redirectDestinationProblem("https://:splat@docs.example/"));
});

test("CR and LF never reach the Location header", () => {
  const rules = compileRedirects({ "/x/*": "/y/:splat", "/z/:p": "/q?v=:p" });
  for (const path of ["/x/%0d%0aSet-Cookie:%20a=1", "/x/a\r\nSet-Cookie: a=1", "/z/%0D%0ASet-Cookie:a", "/x/%E5%98%8A%E5%98%8D"]) {
    const response = redirectFor(rules, new URL(path, SITE));
    assert.ok(response, path);
    const location = response!.headers.get("location")!;
    assert.not.match(location, /[\r\n]/, path);
    assert.is(response!.headers.get("set-cookie"), null);
  }
  const template = redirectFor(compileRedirects({ "/t": "/a\r\nSet-Cookie: x=1" }), new URL("/t", SITE))!;
  assert.not.match(template.headers.get("location")!, /[\r\n]/);
  assert.is(template.headers.get("set-cookie"), null);
});

test("redirectDestinationProblem: paths on this site or absolute http(s) URLs, fixed hosts", () => {
  assert.is(redirectDestinationProblem("/new"), null);
  assert.is(redirectDestinationProblem("https://blog.my.domain/:splat"), null);
  assert.is(redirectDestinationProblem("http://example.com"), null);
  assert.match(redirectDestinationProblem("//evil.example")!, /another host/);
  assert.match(redirectDestinationProblem("/\\evil.example")!, /another host/);
  assert.match(redirectDestinationProblem("new")!, /starting with "\/"/);
  assert.match(redirectDestinationProblem("javascript:alert(1)")!, /absolute http/);
  assert.match(redirectDestinationProblem("https://:sub.example.com/")!, /host/);
  assert.match(redirectDestinationProblem("https://example.:tld/")!, /host/);
  assert.match(redirectDestinationProblem("https://exa mple.com/")!, /not a valid URL/);
});

test("a rule that sends a request back to a path it matches itself is refused as a loop", () => {
  const loops: [string, string][] = [
    ["/loop/*", "/loop/index.html"],
    ["*", "/maintenance"],
    ["/a", "/a?from=a"],
    ["/a/*", "/a/b/:splat"],
    ["/docs/:page", "/docs/:page#top"],
    ["/x/", "//x/"],
  ];
  for (const [source, to] of loops) assert.match(redirectLoopProblem(source, to) ?? "", "matches again", `${source} -> ${to}`);
  const fine: [string, string][] = [
    ["/docs/*", "/guide/:splat"],
    ["/old", "/new"],
    ["/a/:id", "/a/:id/"],
    ["/a/*", "/b/:splat"],
    ["*", "https://elsewhere.example/:splat"],
    ["/blog/*", "/blog"],
  ];
  for (const [source, to] of fine) assert.is(redirectLoopProblem(source, to), null, `${source} -> ${to}`);
});

test.run();
