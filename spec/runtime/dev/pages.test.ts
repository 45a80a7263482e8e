/**
 * runtime/dev/pages.ts: the page table of `sdk dev` on the edge, each module imported on its own.
 * A page that never loaded answers its error and the others are routed as usual; one that loaded
 * before is served in its last good version.
 */
import type { Context } from "hono";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { devPageRoutes, pageModule } from "../../../runtime/dev/pages.ts";
import type { PageRoutesOptions } from "../../../runtime/pages/routes.ts";
import type { PageDefinition } from "../../../runtime/pages/types.ts";
import { withoutErrorLog } from "../../helpers/quiet-errors.ts";

const options = { adapter: {}, manifest: { version: "dev", entry: "", pages: {} }, head: {}, production: false } as unknown as PageRoutesOptions;
const missing = () => Promise.reject(new Error('pages/broken.tsx:1:19: cannot import "left-pad": the package "left-pad" is not installed'));

test("a page that never loaded answers its located error; the other pages are routed as usual", async () => {
  const broken = await withoutErrorLog(() => pageModule("pages/broken.tsx", missing));
  const fine = await pageModule("pages/fine.tsx", async () => ({ default: () => "fine" }));
  const pages = [
    { id: "pages/broken.tsx", pattern: "/broken", page: broken, layouts: [] },
    { id: "pages/fine.tsx", pattern: "/fine", page: fine, layouts: [] },
  ] as unknown as PageDefinition[];
  const [brokenRoutes, fineRoutes] = devPageRoutes(pages, options);
  assert.equal(brokenRoutes!.map((route) => [route.pattern, Object.keys(route.handlers)]), [["/broken", ["GET", "POST"]]]);
  const thrown = await Promise.resolve()
    .then(() => brokenRoutes![0]!.handlers.GET!.fn({} as Context))
    .then(() => null, (error: Error) => error);
  assert.match(thrown?.message ?? "it answered", 'pages/broken.tsx:1:19: cannot import "left-pad"');
  assert.equal(fineRoutes!.map((route) => route.pattern), ["/fine", "/fine/__data.json"]);
});

test("a page that loaded before is served in its last good version while a save does not load", async () => {
  const first = { default: () => "first" };
  assert.is(await pageModule("pages/saved.tsx", async () => first), first);
  assert.is(await withoutErrorLog(() => pageModule("pages/saved.tsx", missing)), first);
});

test.run();
