import { test } from "uvu";
import * as assert from "uvu/assert";
import { lookupAsset } from "../../../runtime/static/lookup.ts";
import type { AssetManifest } from "../../../runtime/static/manifest.ts";
import { normalizeRequestPath } from "../../../runtime/static/path.ts";
import { etagMatches, pathnameOf, serveAsset, type ReadAsset } from "../../../runtime/static/respond.ts";

const rejected: [string, string][] = [
  ["/..%2f..%2fetc/passwd", "encoded slash after dots"],
  ["/..%2F", "encoded slash, upper case"],
  ["/%2e%2e/etc/passwd", "encoded dot-dot"],
  ["/%2E%2e/etc/passwd", "encoded dot-dot, mixed case"],
  ["/.%2e/x", "half-encoded dot-dot"],
  ["/a/../b", "raw dot-dot (not collapsed when the request line is raw)"],
  ["/..", "trailing dot-dot"],
  ["/a/./b", "single dot"],
  ["/a/%2e/b", "encoded single dot"],
  ["/a%00b", "encoded NUL"],
  ["/a\0b", "raw NUL"],
  ["/a\\b", "raw backslash"],
  ["/%5c", "encoded backslash"],
  ["/%5C..%5Cwin.ini", "encoded backslash, upper case"],
  ["/%2F", "encoded slash alone"],
  ["/a%2fb", "encoded slash inside a segment"],
  ["/%zz", "malformed escape"],
  ["/a%2", "truncated escape"],
  ["/%", "lone percent"],
  ["/%ff", "invalid UTF-8"],
  ["relative/path", "no leading slash"],
  ["", "empty"],
];

for (const [raw, why] of rejected) {
  test(`normalizeRequestPath rejects ${JSON.stringify(raw)} (${why})`, () => {
    assert.equal(normalizeRequestPath(raw), { ok: false });
  });
}

const accepted: [string, string][] = [
  ["/", "/"],
  ["/logo.png", "/logo.png"],
  ["/docs/", "/docs/"],
  ["/my%20file.txt", "/my file.txt"],
  ["/caf%C3%A9.html", "/café.html"],
  ["/a%25b", "/a%b"],
  ["/.well-known/security.txt", "/.well-known/security.txt"],
  ["/a..b/..c", "/a..b/..c"],
  ["/a//b", "/a//b"],
];

for (const [raw, decoded] of accepted) {
  test(`normalizeRequestPath accepts ${JSON.stringify(raw)}`, () => {
    assert.equal(normalizeRequestPath(raw), { ok: true, path: decoded });
  });
}

test("pathnameOf keeps the raw encoded path and drops query and fragment", () => {
  assert.is(pathnameOf("http://localhost:3000/a%2fb?x=/y#z"), "/a%2fb");
  assert.is(pathnameOf("https://example.com"), "/");
  assert.is(pathnameOf("http://[::1]:8080/x/y"), "/x/y");
});

const manifest: AssetManifest = {
  "/logo.png": { file: "logo.png", type: "image/png", etag: '"abc123"', size: 4 },
  "/docs/index.html": { file: "docs/index.html", type: "text/html; charset=utf-8", etag: '"d0c5"', size: 11 },
  "/index.html": { file: "index.html", type: "text/html; charset=utf-8", etag: '"1d3x"', size: 9 },
  "/my file.txt": { file: "my file.txt", type: "text/plain; charset=utf-8", etag: '"f11e"', size: 2 },
};

test("lookupAsset: `/about` finds about.html (the edge's auto-trailing-slash handling), `/about/` does not", () => {
  const pages = { "/about.html": { file: "about.html", type: "text/html", etag: '"a"', size: 1 } };
  assert.is(lookupAsset(pages, "/about")?.file, "about.html");
  assert.is(lookupAsset(pages, "/about.html")?.file, "about.html");
  assert.is(lookupAsset(pages, "/about/"), undefined);
});

test("lookupAsset: exact match, then directory index", () => {
  assert.is(lookupAsset(manifest, "/logo.png")?.file, "logo.png");
  assert.is(lookupAsset(manifest, "/docs")?.file, "docs/index.html");
  assert.is(lookupAsset(manifest, "/docs/")?.file, "docs/index.html");
  assert.is(lookupAsset(manifest, "/docs/index.html")?.file, "docs/index.html");
  assert.is(lookupAsset(manifest, "/")?.file, "index.html");
  assert.is(lookupAsset(manifest, "/logo.png/"), undefined);
  assert.is(lookupAsset(manifest, "/missing"), undefined);
  assert.is(lookupAsset(manifest, "/__proto__"), undefined);
  assert.is(lookupAsset(manifest, "/constructor"), undefined);
});

test("etagMatches handles lists, weak tags and *", () => {
  assert.ok(etagMatches('"abc123"', '"abc123"'));
  assert.ok(etagMatches('W/"abc123"', '"abc123"'));
  assert.ok(etagMatches('"other", W/"abc123" ,"x"', '"abc123"'));
  assert.ok(etagMatches("*", '"abc123"'));
  assert.not.ok(etagMatches('"abc1234"', '"abc123"'));
  assert.not.ok(etagMatches("abc123", '"abc123"'));
  assert.not.ok(etagMatches(null, '"abc123"'));
});

const reads: string[] = [];
const readAsset: ReadAsset = async (file) => {
  reads.push(file);
  return `<bytes of ${file}>`;
};

async function serve(path: string, init: RequestInit = {}): Promise<Response | null> {
  return serveAsset(new Request(`http://localhost${path}`, init), manifest, readAsset);
}

test("GET sends the file with its manifest headers", async () => {
  reads.length = 0;
  const res = await serve("/logo.png");
  assert.ok(res);
  assert.is(res.status, 200);
  assert.is(res.headers.get("content-type"), "image/png");
  assert.is(res.headers.get("content-length"), "4");
  assert.is(res.headers.get("etag"), '"abc123"');
  assert.is(res.headers.get("cache-control"), "public, max-age=0, must-revalidate");
  assert.is(await res.text(), "<bytes of logo.png>");
  assert.equal(reads, ["logo.png"]);
});

test("percent-encoded names and directory indexes are served", async () => {
  assert.is(await (await serve("/my%20file.txt"))?.text(), "<bytes of my file.txt>");
  assert.is(await (await serve("/docs"))?.text(), "<bytes of docs/index.html>");
  assert.is(await (await serve("/docs/?v=2"))?.text(), "<bytes of docs/index.html>");
});

test("a matching If-None-Match is a 304 without reading the file", async () => {
  reads.length = 0;
  const res = await serve("/logo.png", { headers: { "If-None-Match": 'W/"zzz", "abc123"' } });
  assert.is(res?.status, 304);
  assert.is(res?.headers.get("etag"), '"abc123"');
  assert.is(res?.headers.get("cache-control"), "public, max-age=0, must-revalidate");
  assert.is(await res?.text(), "");
  assert.equal(reads, []);
  assert.is((await serve("/logo.png", { headers: { "If-None-Match": '"stale"' } }))?.status, 200);
});

test("HEAD sends the headers without a body and without reading the file", async () => {
  reads.length = 0;
  const res = await serve("/logo.png", { method: "HEAD" });
  assert.is(res?.status, 200);
  assert.is(res?.headers.get("content-length"), "4");
  assert.is(res?.headers.get("content-type"), "image/png");
  assert.is(res?.body, null);
  assert.equal(reads, []);
});

test("other methods and unknown paths are left to the app", async () => {
  assert.is(await serve("/logo.png", { method: "POST" }), null);
  assert.is(await serve("/api/users"), null);
  assert.is(await serve("/logo.png/extra"), null);
});

test("traversal shapes are never assets, even when the URL parser keeps them: the app answers", async () => {
  for (const path of ["/..%2f..%2fetc/passwd", "/a%00b", "/%5c", "/%2F", "/%zz", "/x/..%2flogo.png"]) {
    assert.is(await serve(path), null, path);
  }
  const raw = await serveAsset({ method: "GET", url: "http://localhost/%2e%2e/etc/passwd", headers: new Headers() } as Request, manifest, readAsset);
  assert.is(raw, null);
});

test("a listed file that cannot be read is a 500, logged", async () => {
  const original = console.error;
  let logged = "";
  console.error = (...args: unknown[]) => void (logged += args.join(" "));
  try {
    const res = await serveAsset(new Request("http://localhost/logo.png"), manifest, () => Promise.reject(new Error("ENOENT")));
    assert.is(res?.status, 500);
  } finally {
    console.error = original;
  }
  assert.match(logged, "logo.png");
});

test.run();
