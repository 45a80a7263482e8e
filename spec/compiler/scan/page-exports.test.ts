/**
 * Page-level exports (`head`, `prerender`, `ssr`, `getPrerenderPaths`) are read from a page's
 * `.server.ts` as from the page file: the page table takes them from there, the same export in
 * both files is a located error, and an export of a `.server.ts` no page reads is a warning.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildIR } from "../../../compiler/front-end.ts";
import type { AppIR } from "../../../compiler/ir.ts";
import { emitPagesModule } from "../../../emitters/pages-module.ts";
import { brief } from "../../helpers/scan-ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

function appWith(files: Record<string, string>): string {
  const root = scratchDir("page-exports");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", type: "module", dependencies: { react: "*" } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const scan = (files: Record<string, string>): AppIR => buildIR(appWith(files), { config: {}, target: "node", mode: "production" });
const pageDiagnostics = (ir: AppIR) => ir.diagnostics.filter((d) => d.code.startsWith("SDK_PAGE")).map(brief);

const COMPONENT = "export default function Page() { return <main>hi</main>; }\n";
const HEAD = 'import { defineHead } from "sdk";\n\nexport const head = defineHead(() => ({ title: "From the server file" }));\n';
const LOADER = 'import { defineHandler } from "sdk";\n\nexport const loader = defineHandler(() => ({ n: 1 }));\n';

test("a .server.ts with only `head` is no empty server module, and the page table takes its head", () => {
  const ir = scan({ "pages/index.tsx": COMPONENT, "pages/index.server.ts": HEAD });
  assert.equal(pageDiagnostics(ir), []);
  assert.equal(ir.pages[0]?.serverPageExports, ["head"]);
  const table = emitPagesModule(ir, { projectRootFromGenerated: ".." } as never, false);
  assert.match(table, "page: { ...page0, head: server0.head },");
});

test("prerender, ssr and getPrerenderPaths from the .server.ts: the page may prerender, and the table takes each", () => {
  const server = `${LOADER}export const prerender = true;\nexport const ssr = false;\nexport async function getPrerenderPaths() { return ["/a"]; }\n`;
  const ir = scan({ "pages/[id].tsx": COMPONENT, "pages/[id].server.ts": server });
  assert.equal(pageDiagnostics(ir), []);
  const page = ir.pages[0]!;
  assert.ok(page.mayPrerender);
  assert.equal(page.serverPageExports, ["getPrerenderPaths", "prerender", "ssr"]);
  const table = emitPagesModule(ir, { projectRootFromGenerated: ".." } as never, false);
  assert.match(table, "page: { ...page0, getPrerenderPaths: server0.getPrerenderPaths, prerender: server0.prerender, ssr: server0.ssr },");
});

test("the same export in the page file and its .server.ts: an error at the second, with a hint", () => {
  const ir = scan({ "pages/about.tsx": `import { defineHead } from "sdk";\nexport const head = defineHead(() => ({}));\n${COMPONENT}`, "pages/about.server.ts": `${LOADER}${HEAD}` });
  assert.equal(pageDiagnostics(ir), ["error SDK_PAGE_EXPORT_TWICE pages/about.server.ts:6:14"]);
  const twice = ir.diagnostics.find((d) => d.code === "SDK_PAGE_EXPORT_TWICE")!;
  assert.match(twice.message, "`head`");
  assert.match(twice.message, "pages/about.tsx");
  assert.match(twice.hint ?? "", "pages/about.server.ts");
});

test("twice in .vue (its <script>) and in .svelte (its module script): the same error", () => {
  const vue = `<script lang="ts">\nexport const ssr = false;\n</script>\n<script setup lang="ts">\nconst n = 1;\n</script>\n<template><p>{{ n }}</p></template>\n`;
  const svelte = `<script module lang="ts">\n  export const prerender = true;\n</script>\n<script lang="ts">\n  let n = $state(0);\n</script>\n<p>{n}</p>\n`;
  const ir = scan({
    "package.json": JSON.stringify({ name: "app", type: "module", dependencies: { vue: "*" } }),
    "pages/a.vue": vue,
    "pages/a.server.ts": `${LOADER}export const ssr = false;\n`,
  });
  assert.equal(pageDiagnostics(ir), ["error SDK_PAGE_EXPORT_TWICE pages/a.server.ts:4:14"]);
  const svelteIr = scan({
    "package.json": JSON.stringify({ name: "app", type: "module", dependencies: { svelte: "*" } }),
    "pages/b.svelte": svelte,
    "pages/b.server.ts": `export const prerender = true;\n`,
  });
  assert.equal(pageDiagnostics(svelteIr), ["error SDK_PAGE_EXPORT_TWICE pages/b.server.ts:1:14"]);
});

test("a page-level export only in the .vue or .svelte file is no error", () => {
  const vue = `<script lang="ts">\nexport const ssr = false;\n</script>\n<template><p>x</p></template>\n`;
  const ir = scan({
    "package.json": JSON.stringify({ name: "app", type: "module", dependencies: { vue: "*" } }),
    "pages/a.vue": vue,
    "pages/a.server.ts": HEAD,
  });
  assert.equal(pageDiagnostics(ir), []);
});

test("any other export of a .server.ts is a located warning; types are not exports", () => {
  const server = `${LOADER}export const helper = 1;\nexport type Shape = { n: number };\nexport default 3;\n`;
  const ir = scan({ "pages/index.tsx": COMPONENT, "pages/index.server.ts": server });
  assert.equal(pageDiagnostics(ir), ["warning SDK_PAGE_SERVER_UNKNOWN_EXPORT pages/index.server.ts:4:14", "warning SDK_PAGE_SERVER_UNKNOWN_EXPORT pages/index.server.ts:6:1"]);
  const unknown = ir.diagnostics.find((d) => d.code === "SDK_PAGE_SERVER_UNKNOWN_EXPORT")!;
  assert.match(unknown.message, "`helper`");
  assert.match(unknown.hint ?? "", "loader");
});

test("streamTimeout from the .server.ts: the table takes it; a literal that is no whole number of milliseconds is located", () => {
  const ir = scan({ "pages/post.tsx": COMPONENT, "pages/post.server.ts": `${LOADER}export const streamTimeout = 30_000;\n` });
  assert.equal(pageDiagnostics(ir), []);
  assert.match(emitPagesModule(ir, { projectRootFromGenerated: ".." } as never, false), "page: { ...page0, streamTimeout: server0.streamTimeout },");
  for (const value of ['"30s"', "0", "1.5", "true"]) {
    const broken = scan({ "pages/post.tsx": COMPONENT, "pages/post.server.ts": `${LOADER}export const streamTimeout = ${value};\n` });
    assert.equal(pageDiagnostics(broken), ["error SDK_PAGE_STREAM_TIMEOUT pages/post.server.ts:4:30"], value);
  }
  const computed = scan({ "pages/post.tsx": COMPONENT, "pages/post.server.ts": `${LOADER}export const streamTimeout = 60 * 1000;\n` });
  assert.equal(pageDiagnostics(computed), [], "a computed value is the runtime's to check");
});

test.run();
