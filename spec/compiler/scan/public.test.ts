import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { contentTypeFor } from "../../../compiler/scan/mime.ts";
import { scanPublic } from "../../../compiler/scan/public.ts";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures", "scan-public");
const publicDir = path.join(root, "public");

test("every file, sorted by path, dotfiles skipped except .well-known", () => {
  assert.equal(
    scanPublic(publicDir).map((a) => a.path),
    ["/.well-known/security.txt", "/css/site.css", "/data.json", "/img/dot.png", "/index.html", "/notes.unknownext"],
  );
});

test("size, type with charset for text, strong ETag from the content", () => {
  const assets = Object.fromEntries(scanPublic(publicDir).map((a) => [a.path, a]));
  const html = assets["/index.html"];
  const content = readFileSync(path.join(publicDir, "index.html"));
  assert.is(html.file, "public/index.html");
  assert.is(html.size, content.byteLength);
  assert.is(html.type, "text/html; charset=utf-8");
  assert.is(html.etag, `"${createHash("sha256").update(content).digest("hex").slice(0, 16)}"`);
  assert.match(html.etag, /^"[0-9a-f]{16}"$/);
  assert.is(assets["/css/site.css"].type, "text/css; charset=utf-8");
  assert.is(assets["/data.json"].type, "application/json; charset=utf-8");
  assert.is(assets["/.well-known/security.txt"].type, "text/plain; charset=utf-8");
  assert.is(assets["/img/dot.png"].type, "image/png");
  assert.is(assets["/img/dot.png"].size, 12);
  assert.is(assets["/notes.unknownext"].type, "application/octet-stream");
  assert.is.not(assets["/css/site.css"].etag, html.etag);
});

test("content types", () => {
  assert.is(contentTypeFor("a/app.JS"), "text/javascript; charset=utf-8");
  assert.is(contentTypeFor("app.mjs"), "text/javascript; charset=utf-8");
  assert.is(contentTypeFor("logo.svg"), "image/svg+xml; charset=utf-8");
  assert.is(contentTypeFor("font.woff2"), "font/woff2");
  assert.is(contentTypeFor("site.webmanifest"), "application/manifest+json; charset=utf-8");
  assert.is(contentTypeFor("LICENSE"), "application/octet-stream");
});

test("no public/ means no assets", () => {
  assert.equal(scanPublic(null), []);
});

test.run();
