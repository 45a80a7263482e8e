/**
 * The `.sdk/types/pages.d.ts` of `sdk prepare`: its text for a hand-made IR (deterministic, each
 * page, GET route and routing rule once, a segment's `${` or backtick kept as text), and the types it makes,
 * checked by the real `tsc` against this checkout's sources of `sdk/react`: right uses compile,
 * wrong ones carry `// @ts-expect-error`, so a clean exit means every expectation held.
 */
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { PageIR, RouteIR, Segment } from "../../compiler/ir.ts";
import { pagePathTypes, routeId } from "../../emitters/page-path-types.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { irWith } from "../helpers/scan-ir.ts";
import { removeScratch, scratchDir } from "../helpers/scratch.ts";
import { runTsc, writeLines } from "../helpers/source-types.ts";

const at = (file: string) => ({ file, line: 1, column: 1 });
const fixed = (value: string): Segment => ({ kind: "static", value });

function page(file: string, segments: Segment[]): PageIR {
  return { file, pattern: "", segments, kind: "component", serverFile: null, layouts: [], methods: ["GET"], serverPageExports: [], mayPrerender: false };
}

function route(file: string, segments: Segment[], methods: RouteIR["methods"][number]["method"][]): RouteIR {
  return { file, pattern: "", segments, methods: methods.map((method) => ({ method, loc: at(file) })), mode: null };
}

const PAGES = [
  page("pages/index.tsx", []),
  page("pages/users/[id].tsx", [fixed("users"), { kind: "param", name: "id" }]),
  page("pages/docs/[...path].tsx", [fixed("docs"), { kind: "catchAll", name: "path" }]),
  page("pages/odd/[x].tsx", [fixed("a`b${c}"), { kind: "param", name: "x" }]),
  page("pages/(marketing)/about.tsx", [fixed("about")]),
];
/** Redirects and rewrites answer paths too; the fallback `*` would answer every path and is left out. */
const CONFIG = { routing: { redirects: { "/legacy": "/", "/old/*": "/new/:splat" }, rewrites: { "/u/:id": "/users/:id" }, fallbacks: { "*": "/index.html" } } };
const ROUTES = [
  route("routes/api/items/[id].ts", [fixed("api"), fixed("items"), { kind: "param", name: "id" }], ["GET", "DELETE"]),
  route("routes/api/hook.ts", [fixed("api"), fixed("hook")], ["POST"]),
];

test("a page's route id names its file's segments, groups left out", () => {
  assert.is(routeId([]), "/");
  assert.is(routeId(PAGES[2]!.segments), "/docs/[...path]");
  assert.is(routeId(PAGES[4]!.segments), "/about");
});

test("nothing is written for an app without pages", () => {
  assert.equal(pagePathTypes(irWith({ routes: ROUTES })), []);
});

test("paths and pages are sorted, so the file changes only when the pages or routes do", () => {
  const [file] = pagePathTypes(irWith({ ui: "react", pages: PAGES, routes: ROUTES, config: CONFIG }));
  const [again] = pagePathTypes(irWith({ ui: "react", pages: [...PAGES].reverse(), routes: [...ROUTES].reverse(), config: CONFIG }));
  assert.is(file!.path, "types/pages.d.ts");
  assert.is(again!.content, file!.content);
  assert.match(file!.content, 'declare module "sdk/react"');
  assert.match(file!.content, "| `/api/items/${string}`");
  assert.not.match(file!.content, "/api/hook", "a route without GET is no link target");
  assert.match(file!.content, '"/users/[id]": { readonly "id": string };');
  assert.match(file!.content, '"/": {};');
  assert.match(file!.content, '| "/legacy"');
  assert.match(file!.content, "| `/old/${string}`");
  assert.match(file!.content, "| `/u/${string}`");
});

test("the types reject what no page or GET route answers, and keep a segment's ${ and backtick as text", () => {
  const root = scratchDir("page-path-types");
  try {
    const runtime = (file: string) => [path.join(REPO_ROOT, "runtime", file)];
    writeLines(root, "tsconfig.json", [JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, module: "ESNext", moduleResolution: "Bundler", target: "ES2022", lib: ["ES2023", "DOM"],
        skipLibCheck: true, types: [], typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
        paths: { "sdk/react": runtime("ui/react/index.ts"), "react": [path.join(REPO_ROOT, "node_modules", "@types", "react")] },
      },
      include: ["check.ts", ".sdk/types"],
    })]);
    const [file] = pagePathTypes(irWith({ ui: "react", pages: PAGES, routes: ROUTES, config: CONFIG }));
    writeLines(root, path.join(".sdk", file!.path), [file!.content]);
    writeLines(root, "check.ts", [
      'import type { AppPath, Href, ParamsOf, PageRoute } from "sdk/react";',
      "",
      "declare const id: number;",
      'const ok: AppPath[] = ["/", "/about", `/users/${id}`, "/docs/a/b", "/api/items/1?x=1", "/users/1#bio", "?page=2", "#top", "/a`b${c}/1", "/legacy?x", "/old/a/b", "/u/7"];',
      'const external: Href[] = ["https://example.com", "http://x", "//cdn.example/a.js", "mailto:a@b.c", "tel:+1"];',
      "// @ts-expect-error no page answers /abuot (the fallback `*` does not count)",
      'const typo: AppPath = "/abuot";',
      "// @ts-expect-error /api/hook has no GET",
      'const post: AppPath = "/api/hook";',
      "// @ts-expect-error an external URL is a link, not a navigation",
      'const away: AppPath = "https://example.com";',
      "// @ts-expect-error a page's params are its own",
      'const wrong: ParamsOf<"/users/[id]">["path"] = "";',
      'const params: ParamsOf<"/docs/[...path]"> = { path: "a/b" };',
      'const routes: PageRoute[] = ["/", "/about", "/users/[id]", "/docs/[...path]", "/a`b${c}/[x]"];',
      "// @ts-expect-error the (group) is not part of the route id",
      'const grouped: PageRoute = "/(marketing)/about";',
      "export { ok, external, typo, post, away, wrong, params, routes, grouped };",
    ]);
    const result = runTsc(root);
    assert.is(result.code, 0, result.output);
  } finally {
    removeScratch(root);
  }
});

test.run();
