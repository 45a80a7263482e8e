/**
 * Which pages the build prerenders at which paths: a dynamic page's getPrerenderPaths() runs at
 * build, and one that throws (it reached the database, which the build does not have) is a
 * located error naming the page and what it read, not a crash.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { planPagePrerender } from "../../build/prerender-pages.ts";
import { READS_GLOBAL } from "../../build/prerender-reads.ts";
import type { PageDefinition } from "../../runtime/pages/types.ts";
import { irWith } from "../helpers/scan-ir.ts";

const page = (id: string, pattern: string, exports: Record<string, unknown>) => ({ id, pattern, page: exports }) as unknown as PageDefinition;

test("static and listed dynamic pages are planned at their paths", async () => {
  const plan = await planPagePrerender([
    page("pages/about.tsx", "/about", { prerender: true }),
    page("pages/blog/[slug].tsx", "/blog/:slug", { prerender: true, getPrerenderPaths: async () => ["/blog/a"] }),
    page("pages/live.tsx", "/live", {}),
  ], irWith({}));
  assert.equal(plan.pages, [{ page: "pages/about.tsx", paths: ["/about"] }, { page: "pages/blog/[slug].tsx", paths: ["/blog/a"] }]);
  assert.equal(plan.diagnostics, []);
});

test("getPrerenderPaths() that throws after reading a binding is SDK_PRERENDER_PATHS_FAILED at the page", async () => {
  const plan = await planPagePrerender([
    page("pages/blog/[slug].tsx", "/blog/:slug", {
      prerender: true,
      getPrerenderPaths: async () => {
        ((globalThis as Record<string, unknown>)[READS_GLOBAL] as Set<string>).add("DB");
        throw new TypeError("Cannot read properties of undefined (reading 'prepare')\n    at list");
      },
    }),
  ], irWith({}));
  assert.equal(plan.pages, []);
  assert.is(plan.diagnostics.length, 1);
  const [diagnostic] = plan.diagnostics;
  assert.equal([diagnostic!.severity, diagnostic!.code, diagnostic!.file], ["error", "SDK_PRERENDER_PATHS_FAILED", "pages/blog/[slug].tsx"]);
  assert.is(diagnostic!.message, "getPrerenderPaths() of pages/blog/[slug].tsx threw: Cannot read properties of undefined (reading 'prepare') (it read DB, which the build does not have)");
  assert.match(diagnostic!.hint!, "runs at build");
});

test.run();
