/**
 * How the `svelte` UI library compiles, on small Rollup builds with its own plugins: components
 * for each side, their styles extracted as stylesheets the pages link, `.svelte.ts` rune modules,
 * page exports from `<script module>`, and compile errors at their line.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "svelte/compiler";
import { svelte } from "../../../compiler/ui/svelte.ts";
import { svelteCompilerOptions } from "../../../compiler/ui/svelte-plugin.ts";
import { buildSvelte, importServerBuild, writeFiles } from "../../helpers/svelte-bundle.ts";
import { REPO_ROOT } from "../../helpers/sdk-cli.ts";

const LAYOUT = {
  "entry.js": 'export { default as Layout } from "./layout.svelte";\n',
  "layout.css": ".site-nav { display: flex; }\n",
  "layout.svelte": [
    "<script>",
    '  import "./layout.css";',
    "  let { children } = $props();",
    "</script>",
    '<div class="site">{@render children?.()}</div>',
    "<style>.site { min-height: 100vh; }</style>",
  ].join("\n"),
};

test("the descriptor: .svelte pages, one Svelte per bundle, the adapters and Markdown from sdk/runtime/ui/svelte", () => {
  assert.equal(svelte.pageExtensions, [".svelte"]);
  assert.equal(svelte.dedupe, ["svelte"]);
  assert.equal(svelte.adapters, {
    server: { module: "sdk/runtime/ui/svelte/server", export: "svelteServerAdapter" },
    client: { module: "sdk/runtime/ui/svelte/client", export: "svelteClientAdapter" },
  });
  assert.is(svelte.markdownComponent, "sdk/runtime/ui/svelte/markdown");
  assert.equal(svelte.compile.define("development"), { "process.env.NODE_ENV": '"development"' });
});

test("compiler options per side and mode; styles always external, never injected by JavaScript", () => {
  assert.equal(svelteCompilerOptions("production", "client"), { generate: "client", dev: false, css: "external" });
  assert.equal(svelteCompilerOptions("development", "server"), { generate: "server", dev: true, css: "external" });
});

test("client: a component's style becomes a stylesheet beside the one it imports, neither replacing the other", async () => {
  const { css } = await buildSvelte(writeFiles(LAYOUT), "entry.js", { side: "client", svelteExternal: true });
  assert.is(css.length, 1, "one stylesheet for the chunk");
  assert.match(css[0]!, ".site-nav { display: flex; }");
  assert.match(css[0]!, /\.site\.svelte-[a-z0-9]+ \{ min-height: 100vh; \}/);
});

test("server: no stylesheet, and the elements carry the same scoped class as in the browser", async () => {
  const dir = writeFiles(LAYOUT);
  const client = await buildSvelte(dir, "entry.js", { side: "client", svelteExternal: true });
  const server = await buildSvelte(dir, "entry.js", { side: "server", svelteExternal: true });
  assert.equal(server.css, []);
  const scoped = /svelte-[a-z0-9]+/.exec(client.css[0]!)![0];
  assert.match(server.code, `site ${scoped}`);
  assert.match(client.code, `site ${scoped}`);
});

test("server: the page root renders into the caller's renderer, so Svelte walks a page's output once for onDestroy, as for a hand-written root", () => {
  const source = readFileSync(path.join(REPO_ROOT, "runtime", "ui", "svelte", "Root.svelte"), "utf8");
  const { js } = compile(source, { ...svelteCompilerOptions("production", "server"), filename: "Root.svelte" });
  assert.match(js.code, "level($$renderer, 0)");
  assert.not.match(js.code, "$$renderer.component(");
});

test("a page's <script module> exports sit beside its component, as the page table reads them", async () => {
  const dir = writeFiles({
    "entry.js": 'export * as page from "./page.svelte";\n',
    "page.svelte": [
      '<script module lang="ts">',
      "  export const prerender: boolean = true;",
      "  export async function getPrerenderPaths(): Promise<string[]> {",
      '    return ["/a"];',
      "  }",
      "</script>",
      '<script lang="ts">',
      "  let { title }: { title: string } = $props();",
      "</script>",
      "<h1>{title}</h1>",
    ].join("\n"),
  });
  const { page } = await importServerBuild<{ page: Record<string, unknown> }>(dir, "entry.js");
  assert.equal(Object.keys(page).sort(), ["default", "getPrerenderPaths", "prerender"]);
  assert.is(page.prerender, true);
  assert.equal(await (page.getPrerenderPaths as () => Promise<string[]>)(), ["/a"]);
  assert.type(page.default, "function");
});

test(".svelte.ts modules: TypeScript and runes compile for both sides", async () => {
  const dir = writeFiles({
    "entry.ts": 'export { counter } from "./counter.svelte.ts";\n',
    "counter.svelte.ts": [
      "interface Counter { readonly count: number; add(): void }",
      "export function counter(start: number): Counter {",
      "  let count = $state<number>(start);",
      "  return { get count() { return count; }, add() { count += 1; } };",
      "}",
    ].join("\n"),
  });
  const client = await buildSvelte(dir, "entry.ts", { side: "client", svelteExternal: true });
  const compiled = client.code.slice(client.code.indexOf("function counter("));
  assert.match(compiled, "count", "the module is in the bundle");
  assert.not.match(compiled, "$state", "its runes are compiled");
  const { counter } = await importServerBuild<{ counter: (start: number) => { count: number; add(): void } }>(dir, "entry.ts");
  const value = counter(2);
  value.add();
  assert.is(value.count, 3);
});

test("a compile error stops the build at the component's line and column", async () => {
  const dir = writeFiles({ "entry.js": 'import "./broken.svelte";\n', "broken.svelte": "<p>fine</p>\n<div>\n  {#if}\n</div>\n" });
  type Failure = { code?: string; loc?: { file: string; line: number; column: number }; message: string; errors?: Failure[] };
  // Rolldown reports every error of the build in one, each shaped as Rollup's.
  const failure = await buildSvelte(dir, "entry.js", { side: "client", svelteExternal: true }).then(
    () => null,
    (error: Failure) => error.errors?.[0] ?? error,
  );
  assert.ok(failure, "the build failed");
  assert.is(failure!.code, "PLUGIN_ERROR");
  assert.equal(failure!.loc, { file: path.join(dir, "broken.svelte"), line: 3, column: 6 });
});

test("warnings reach the build once, from the browser's compile", async () => {
  const dir = writeFiles({ "entry.js": 'import "./image.svelte";\n', "image.svelte": '<img src="/a.png">\n' });
  const client = await buildSvelte(dir, "entry.js", { side: "client", svelteExternal: true });
  const server = await buildSvelte(dir, "entry.js", { side: "server", svelteExternal: true });
  assert.ok(client.warnings.some((warning) => warning.includes("alt")), client.warnings.join("\n"));
  assert.equal(server.warnings, []);
});

test("the package build ships the runtime's .svelte components beside the compiled adapter", () => {
  for (const component of ["Root.svelte", "Link.svelte", "Form.svelte", "MarkdownHtml.svelte"]) {
    assert.ok(existsSync(path.join(REPO_ROOT, "lib", "runtime", "ui", "svelte", component)), `lib/runtime/ui/svelte/${component}`);
  }
});

test.run();
