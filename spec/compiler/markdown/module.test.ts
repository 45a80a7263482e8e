/**
 * What a `.md` page compiles to, and the Rollup plugin that compiles it: a page module whose
 * frontmatter and head are data, and whose default export renders the page with React.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { rollup, type Plugin, type RollupError } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { markdownPageModule } from "../../../compiler/markdown/module.ts";
import { markdownPages } from "../../../compiler/markdown/plugin.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const REACT_MARKDOWN = "sdk/runtime/ui/react/markdown";
const REACT_MARKDOWN_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../..", "runtime", "ui", "react", "markdown.ts");

const INTRO = `---
title: Introduction
description: "What sdk is, in </script><b>five</b> minutes."
tags: [start, guide]
---
# Introduction

Hello **world**.
`;

const INTRO_MODULE = `import { markdownPage } from "sdk/runtime/ui/react/markdown";

export const frontmatter = { "title": "Introduction", "description": "What sdk is, in </script><b>five</b> minutes.", "tags": ["start", "guide"] };
export const head = { kind: "head", fn: () => ({ title: "Introduction", meta: [{ name: "description", content: "What sdk is, in </script><b>five</b> minutes." }] }) };
export const prerender = true;

export default markdownPage("<h1 id=\\"introduction\\">Introduction</h1>\\n<p>Hello <strong>world</strong>.</p>");
`;

const compile = (markdown: string, markdownComponent = REACT_MARKDOWN) => markdownPageModule(markdown, "pages/docs/intro.md", { markdownComponent });

/** Evaluates a compiled page with a stand-in component that returns the HTML it is given. */
async function evaluate(markdown: string): Promise<Record<string, any>> {
  const standIn = `data:text/javascript,${encodeURIComponent("export const markdownPage = (html) => ({ html });")}`;
  return import(`data:text/javascript,${encodeURIComponent(compile(markdown, standIn))}`);
}

test("a page compiles to the same module text every time", () => {
  assert.is(compile(INTRO), INTRO_MODULE);
  assert.is(compile(INTRO), compile(INTRO));
});

test("frontmatter with </script> or <b> is a JSON string literal, and head() returns it unchanged", async () => {
  const text = compile(INTRO);
  assert.ok(text.includes(JSON.stringify("What sdk is, in </script><b>five</b> minutes.")));
  const page = await evaluate(INTRO);
  assert.is(page.frontmatter.description, "What sdk is, in </script><b>five</b> minutes.");
  assert.is(page.head.kind, "head");
  assert.equal(page.head.fn(), { title: "Introduction", meta: [{ name: "description", content: "What sdk is, in </script><b>five</b> minutes." }] });
  assert.equal(page.default, { html: '<h1 id="introduction">Introduction</h1>\n<p>Hello <strong>world</strong>.</p>' });
});

test("a title alone gives a head without meta; neither gives no head", async () => {
  assert.equal((await evaluate("---\ntitle: Only\n---\n")).head.fn(), { title: "Only" });
  assert.equal((await evaluate("---\ndescription: Only\n---\n")).head.fn(), { meta: [{ name: "description", content: "Only" }] });
  const bare = await evaluate("# Bare\n");
  assert.is(bare.head, undefined);
  assert.equal(bare.frontmatter, {});
});

test("Markdown pages are prerendered unless the frontmatter says prerender: false", async () => {
  assert.is((await evaluate("# Page\n")).prerender, true);
  assert.is((await evaluate("---\nprerender: true\n---\n")).prerender, true);
  assert.is((await evaluate("---\nprerender: false\n---\n")).prerender, false);
});

test("a __proto__ key stays a property of the frontmatter", async () => {
  const { frontmatter } = await evaluate("---\n__proto__: { polluted: true }\n---\n");
  assert.is(Object.getPrototypeOf(frontmatter), Object.prototype);
  assert.equal(Object.keys(frontmatter), ["__proto__"]);
  assert.equal(JSON.parse(JSON.stringify(frontmatter)), JSON.parse('{"__proto__":{"polluted":true}}'));
});

/** `sdk/runtime/ui/react/markdown` from source; react stays an import Node resolves from this repo. */
function testResolution(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: "test:resolve",
    resolveId(specifier) {
      if (specifier === REACT_MARKDOWN) return REACT_MARKDOWN_SOURCE;
      if (specifier === "react") return { id: require.resolve("react"), external: true };
      return null;
    },
  };
}

/** `pages`: the files (by name in the build's folder) that are pages, and their URLs. */
async function buildEntry(files: Record<string, string>, pages: Record<string, string> = {}): Promise<string> {
  const dir = scratchDir("markdown");
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const links = { root: dir, pageUrl: (file: string) => pages[path.relative(dir, file)] ?? null };
  const bundle = await rollup({
    input: path.join(dir, "entry.js"),
    plugins: [testResolution(), markdownPages({ markdownComponent: REACT_MARKDOWN }, links), esbuild({ target: "es2022", tsconfig: false })],
  });
  try {
    await bundle.write({ file: path.join(dir, "out.mjs"), format: "es" });
  } finally {
    await bundle.close();
  }
  return path.join(dir, "out.mjs");
}

test("a Rollup build through the plugin evaluates in Node and renders with React", async () => {
  const out = await buildEntry({ "intro.md": INTRO, "entry.js": 'export * from "./intro.md";\nexport { default } from "./intro.md";\n' });
  const page = await import(pathToFileURL(out).href);
  assert.equal(page.frontmatter, { title: "Introduction", description: "What sdk is, in </script><b>five</b> minutes.", tags: ["start", "guide"] });
  assert.equal(page.head.fn(), { title: "Introduction", meta: [{ name: "description", content: "What sdk is, in </script><b>five</b> minutes." }] });
  assert.is(page.prerender, true);
  assert.is(
    renderToString(createElement(page.default as FunctionComponent)),
    '<div class="sdk-markdown"><h1 id="introduction">Introduction</h1>\n<p>Hello <strong>world</strong>.</p></div>',
  );
});

test("a frontmatter mistake fails the build with its location (Rollup's columns count from 0)", async () => {
  const failure = await buildEntry({ "intro.md": "---\ntitle: Intro\ntags: [a, b\n---\n# Intro\n", "entry.js": 'export * from "./intro.md";\n' }).then(
    () => null,
    (error: RollupError) => error,
  );
  assert.ok(failure, "the build should fail");
  assert.is(failure.code, "PLUGIN_ERROR");
  assert.is(failure.pluginCode, "SDK_MARKDOWN_FRONTMATTER");
  assert.ok(failure.id?.endsWith("intro.md"));
  assert.equal(failure.loc, { file: failure.id, line: 3, column: 11 });
  assert.match(failure.message, "Invalid YAML in frontmatter");
  assert.match(failure.frame ?? "", "> 3 | tags: [a, b");
});

test("links to other pages' .md files are built as the pages' URLs; one to no page fails at the link", async () => {
  const files = { "intro.md": "# Intro\n\n[Install](./install.md#npm)\n", "install.md": "# Install\n", "entry.js": 'export { default } from "./intro.md";\n' };
  const page = await import(pathToFileURL(await buildEntry(files, { "intro.md": "/docs/intro", "install.md": "/docs/install" })).href);
  assert.match(renderToString(createElement(page.default as FunctionComponent)), '<a href="/docs/install#npm">Install</a>');

  const failure = await buildEntry(files, { "intro.md": "/docs/intro" }).then(() => null, (error: RollupError) => error);
  assert.ok(failure, "the build should fail");
  assert.is(failure.pluginCode, "SDK_MARKDOWN_LINK");
  assert.equal(failure.loc, { file: failure.id, line: 3, column: 0 });
  assert.match(failure.message, 'The link "./install.md#npm" names install.md, which is not a page of this app.');
});

test.run();
