/** Markdown pages rendered at build time: GFM, heading ids, raw HTML, and frontmatter as JSON data. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MarkdownFrontmatterError, MarkdownLinkError, renderMarkdown } from "../../../compiler/markdown/render.ts";

const html = (markdown: string) => renderMarkdown(markdown, "pages/docs/intro.md").html;

function frontmatterError(markdown: string): MarkdownFrontmatterError {
  try {
    renderMarkdown(markdown, "pages/docs/intro.md");
  } catch (error) {
    if (error instanceof MarkdownFrontmatterError) return error;
    throw error;
  }
  throw new Error("expected a MarkdownFrontmatterError");
}

const where = (error: MarkdownFrontmatterError) => `${error.code} ${error.file}:${error.line}:${error.column}`;

test("GFM tables", () => {
  assert.match(html("| a | b |\n|---|---|\n| 1 | 2 |\n"), "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>");
});

test("GFM task lists, strikethrough, autolinks and footnotes", () => {
  const out = html("- [x] done\n- [ ] todo\n\n~~gone~~ www.example.com, a note[^1].\n\n[^1]: The note.\n");
  assert.match(out, '<li class="task-list-item"><input type="checkbox" checked disabled> done</li>');
  assert.match(out, '<li class="task-list-item"><input type="checkbox" disabled> todo</li>');
  assert.match(out, "<del>gone</del>");
  assert.match(out, '<a href="http://www.example.com">www.example.com</a>');
  assert.match(out, '<a href="#user-content-fn-1" id="user-content-fnref-1"');
  assert.match(out, '<li id="user-content-fn-1">');
});

test("headings get ids; duplicates are numbered, unicode is kept", () => {
  assert.is(
    html("# Intro\n\n## Intro\n\n## Café & ünïcode\n\n### 日本語\n"),
    '<h1 id="intro">Intro</h1>\n<h2 id="intro-1">Intro</h2>\n<h2 id="café--ünïcode">Café &#x26; ünïcode</h2>\n<h3 id="日本語">日本語</h3>',
  );
});

test("ids restart with every page", () => {
  assert.is(html("# Intro"), html("# Intro"));
  assert.is(html("# Intro"), '<h1 id="intro">Intro</h1>');
});

test("raw HTML is kept, and its headings get ids too unless they have one", () => {
  const out = html('<div class="note"><h2>Raw</h2><h3 id="mine">Mine</h3></div>\n\nText with <kbd>Ctrl</kbd>.\n\n<script>window.x = 1</script>\n');
  assert.match(out, '<div class="note"><h2 id="raw">Raw</h2><h3 id="mine">Mine</h3></div>');
  assert.match(out, "<p>Text with <kbd>Ctrl</kbd>.</p>");
  assert.match(out, "<script>window.x = 1</script>");
});

test("frontmatter is parsed and stays out of the HTML", () => {
  const page = renderMarkdown("---\ntitle: Getting started\ntags: [a, b]\nnested: { draft: true, order: 2 }\n---\n# Intro\n", "intro.md");
  assert.equal(page.frontmatter, { title: "Getting started", tags: ["a", "b"], nested: { draft: true, order: 2 } });
  assert.is(page.html, '<h1 id="intro">Intro</h1>');
});

test("no frontmatter, an empty one, or one of comments is an empty object", () => {
  assert.equal(renderMarkdown("# Intro\n", "a.md").frontmatter, {});
  assert.equal(renderMarkdown("---\n---\n# Intro\n", "a.md").frontmatter, {});
  assert.equal(renderMarkdown("---\n# nothing yet\n---\n# Intro\n", "a.md").frontmatter, {});
});

test("YAML dates become ISO strings; quoted ones stay as written", () => {
  const { frontmatter } = renderMarkdown("---\ndate: 2024-01-15\nat: 2024-01-15T10:30:00+02:00\nquoted: \"2024-01-15\"\n---\n", "a.md");
  assert.equal(frontmatter, { date: "2024-01-15T00:00:00.000Z", at: "2024-01-15T08:30:00.000Z", quoted: "2024-01-15" });
  assert.ok(Object.values(frontmatter).every((value) => typeof value === "string"));
});

test("a YAML error is located at its line and column in the Markdown file", () => {
  const error = frontmatterError("---\ntitle: Intro\ntags: [a, b\n---\n# Intro\n");
  assert.is(where(error), "SDK_MARKDOWN_FRONTMATTER pages/docs/intro.md:3:12");
  assert.match(error.message, /^Invalid YAML in frontmatter: Flow sequence/);
  assert.is(where(frontmatterError("---\ntitle: a\ntitle: b\n---\n")), "SDK_MARKDOWN_FRONTMATTER pages/docs/intro.md:3:1");
});

test("line numbers hold with CRLF line endings", () => {
  assert.is(where(frontmatterError("---\r\ntitle: a\r\nx: [\r\n---\r\n")), "SDK_MARKDOWN_FRONTMATTER pages/docs/intro.md:3:5");
});

test("frontmatter that is not a mapping is refused", () => {
  for (const yaml of ["- a\n- b", "just text", "42"]) {
    const error = frontmatterError(`---\n${yaml}\n---\n# Intro\n`);
    assert.is(where(error), "SDK_MARKDOWN_FRONTMATTER pages/docs/intro.md:2:1");
    assert.is(error.message, "Frontmatter must be a mapping of keys to values.");
  }
});

test("values JSON cannot carry are refused where they are written", () => {
  const cases: [string, string, string][] = [
    ["size: .inf", "2:7", "`.inf` is not a JSON number."],
    ["logo: !!binary aGVsbG8=", "2:16", "Binary values cannot be frontmatter; frontmatter is JSON data."],
    ["set: !!set { a }", "2:12", "!!set collections cannot be frontmatter; use a mapping."],
    ["pairs: !!omap [a: 1]", "2:15", "!!omap collections cannot be frontmatter; use a list."],
    ["loop: &x [1, *x]", "2:14", "The alias *x refers to a value that contains it."],
    ["? [a, b]\n: c", "2:3", "Frontmatter keys must be text, not lists or mappings."],
  ];
  for (const [yaml, position, message] of cases) {
    const error = frontmatterError(`---\n${yaml}\n---\n`);
    assert.is(`${error.line}:${error.column} ${error.message}`, `${position} ${message}`, yaml);
  }
});

test("title and description must be text, prerender true or false; an empty title is no title", () => {
  assert.is(`${where(frontmatterError("---\ntitle: 1984\n---\n"))} ${frontmatterError("---\ntitle: 1984\n---\n").hint}`, 'SDK_MARKDOWN_FRONTMATTER pages/docs/intro.md:2:8 Quote it: title: "…".');
  assert.is(where(frontmatterError("---\ndescription: [a]\n---\n")), "SDK_MARKDOWN_FRONTMATTER pages/docs/intro.md:2:14");
  assert.is(where(frontmatterError("---\nprerender: \"no\"\n---\n")), "SDK_MARKDOWN_FRONTMATTER pages/docs/intro.md:2:12");
  assert.equal(renderMarkdown("---\ntitle:\n---\n", "a.md").frontmatter, { title: null });
});

test("markup in frontmatter values is text, not HTML", () => {
  const page = renderMarkdown('---\ntitle: "</script><b>bold</b>"\n---\nBody\n', "a.md");
  assert.equal(page.frontmatter, { title: "</script><b>bold</b>" });
  assert.is(page.html, "<p>Body</p>");
});

/** The app's pages as the build knows them: file to URL, null for a file that is no static page. */
const PAGES: Record<string, string> = { "pages/index.md": "/", "pages/docs/intro.md": "/docs/intro", "pages/docs/install.md": "/docs/install", "pages/blog.md": "/blog" };
const withPages = (markdown: string) => renderMarkdown(markdown, "pages/docs/intro.md", { links: { pageUrl: (file) => PAGES[file] ?? null } }).html;

test("a relative link to a page's .md file becomes the page's URL, its query and fragment kept", () => {
  const out = withPages("[a](./install.md#step-2) [b](install.md) [c](../blog.md?tab=new) [d](../index.md) [e](intro.md#top)\n\n<a href=\"install.md#raw\">raw</a>\n");
  assert.match(out, '<a href="/docs/install#step-2">a</a>');
  assert.match(out, '<a href="/docs/install">b</a>');
  assert.match(out, '<a href="/blog?tab=new">c</a>');
  assert.match(out, '<a href="/">d</a>');
  assert.match(out, '<a href="/docs/intro#top">e</a>');
  assert.match(out, '<a href="/docs/install#raw">raw</a>');
});

test("links that are not relative links to .md files are left as written", () => {
  const out = withPages("[a](/docs/install.md) [b](https://example.com/x.md) [c](#install) [d](./notes.txt) [e](//cdn.example/x.md) [f](mailto:a@b.md)\n");
  for (const href of ["/docs/install.md", "https://example.com/x.md", "#install", "./notes.txt", "//cdn.example/x.md", "mailto:a@b.md"]) assert.match(out, `href="${href}"`);
});

test("a relative link to a .md file that is no page is SDK_MARKDOWN_LINK at the link", () => {
  let failure: unknown;
  try {
    withPages("---\ntitle: Intro\n---\n# Intro\n\nSee [the guide](./guide.md#start).\n");
  } catch (error) {
    failure = error;
  }
  assert.instance(failure, MarkdownLinkError);
  const error = failure as MarkdownLinkError;
  assert.is(`${error.code} ${error.file}:${error.line}:${error.column}`, "SDK_MARKDOWN_LINK pages/docs/intro.md:6:5");
  assert.match(error.message, "./guide.md");
  assert.match(error.hint ?? "", "pages/docs/guide.md");
});

test.run();
