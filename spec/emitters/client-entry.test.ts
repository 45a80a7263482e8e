/**
 * The generated client entry: what every document needs (the layouts all rendered pages share,
 * or the only page) is imported statically and ships in the entry's file; the rest loads on demand.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { PageIR } from "../../compiler/ir.ts";
import { emitClientEntry } from "../../emitters/pages-module.ts";
import { irWith } from "../helpers/scan-ir.ts";

const link = { projectRootFromGenerated: "../../.." };

function page(file: string, layouts: string[]): PageIR {
  return { file, pattern: "/", segments: [], kind: "component", serverFile: null, layouts, methods: ["GET"], serverPageExports: [], mayPrerender: false };
}

function entryFor(pages: PageIR[], notFoundPage: PageIR | null = null): string {
  return emitClientEntry(irWith({ ui: "react", pages, notFoundPage }), link);
}

const staticImports = (entry: string) => [...entry.matchAll(/^import (\w+) from "([^"]+)";$/gm)].map(([, name, from]) => `${name} ${from}`);

test("the root layout every page uses is imported with the entry; nested layouts and the pages load on demand", () => {
  const entry = entryFor([
    page("pages/index.tsx", ["pages/layout.tsx"]),
    page("pages/blog/[slug].tsx", ["pages/layout.tsx", "pages/blog/layout.tsx"]),
  ]);
  assert.equal(staticImports(entry), ["layout1 ../../../pages/layout.tsx"]);
  assert.match(entry, '"pages/layout.tsx": async () => ({ default: layout1 }),');
  assert.match(entry, '"pages/blog/layout.tsx": () => import("../../../pages/blog/layout.tsx"),');
  assert.match(entry, '"pages/index.tsx": () => import("../../../pages/index.tsx"),');
});

test("a layout some page goes without stays a chunk of its own", () => {
  const entry = entryFor([page("pages/index.tsx", []), page("pages/about.tsx", ["pages/layout.tsx"])]);
  assert.equal(staticImports(entry), []);
  assert.match(entry, '"pages/layout.tsx": () => import("../../../pages/layout.tsx"),');
});

test("the only page is imported with the entry, after its layouts", () => {
  const entry = entryFor([page("pages/index.tsx", ["pages/layout.tsx"])]);
  assert.equal(staticImports(entry), ["layout0 ../../../pages/layout.tsx", "page0 ../../../pages/index.tsx"]);
  assert.match(entry, '"pages/index.tsx": async () => ({ default: page0 }),');
});

test("pages/404 is a page too: with it, one routed page is not the only one", () => {
  const entry = entryFor([page("pages/index.tsx", ["pages/layout.tsx"])], page("pages/404.tsx", ["pages/layout.tsx"]));
  assert.equal(staticImports(entry), ["layout0 ../../../pages/layout.tsx"]);
  assert.match(entry, '"pages/index.tsx": () => import("../../../pages/index.tsx"),');
  assert.match(entry, '"pages/404.tsx": () => import("../../../pages/404.tsx"),');
});

test.run();
