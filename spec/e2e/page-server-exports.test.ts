/**
 * Page-level exports from a page's `.server.ts`, built and served for real on node and in
 * workerd: the React pages fixture keeps `blog/[slug]`'s `head`, `prerender` and
 * `getPrerenderPaths` beside its loader, and its page file exports only the component. The path
 * getPrerenderPaths lists is served from the build, and the head is in every document.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../compiler/ir.js";
import { request } from "../helpers/e2e/http.js";
import { buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.js";

for (const target of ["node", "edge"] as Target[]) {
  test(`${target}: head, prerender and getPrerenderPaths from blog/[slug].server.ts`, async () => {
    const root = buildFixture("e2e-pages", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      const prerendered = await request(server.url, { path: "/blog/a", headers: { accept: "text/html" } });
      assert.is(prerendered.status, 200);
      assert.ok(prerendered.headers.etag, "/blog/a, from getPrerenderPaths, is served from the build");
      assert.match(prerendered.body, "<title>Post a · Pages</title>");
      const rendered = await request(server.url, { path: "/blog/b", headers: { accept: "text/html" } });
      assert.is(rendered.status, 200);
      assert.not.ok(rendered.headers.etag, "/blog/b is rendered per request");
      assert.match(rendered.body, "<title>Post b · Pages</title>");
      const data = await request(server.url, { path: "/blog/b/__data.json" });
      assert.is(JSON.parse(data.body).head.title, "Post b · Pages", "navigation gets the same head");
    });
  });
}

test.run();
