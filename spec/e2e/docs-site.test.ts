/**
 * The documentation site in docs/ is an sdk app: built here with the packed package, as CI builds
 * it, then every internal link of the built pages (the sidebar, the page turns, the links in the
 * Markdown), every search result and every link of README.md into docs/ must name a page that
 * was built and, with a #fragment, a heading id on that page.
 */
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readPages, searchEntries } from "../../docs/plugins/read-pages.ts";
import { expectSuccess, installedApps, REPO_ROOT, runSdk } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";

type Node = DefaultTreeAdapterMap["node"];

const DOCS = path.join(REPO_ROOT, "docs");
/** Any origin: internal links are resolved against it, and links to another origin are not ours to check. */
const SITE = "http://docs.invalid";

interface BuiltPage {
  ids: Set<string>;
  /** Every href and src, with the element it is on. */
  links: { tag: string; url: string }[];
}

function walk(node: Node, visit: (element: Node & { tagName: string; attrs: { name: string; value: string }[] }) => void): void {
  if ("tagName" in node) visit(node);
  const children = "content" in node && node.content ? node.content.childNodes : "childNodes" in node ? node.childNodes : [];
  for (const child of children) walk(child as Node, visit);
}

function readBuiltPage(file: string): BuiltPage {
  const page: BuiltPage = { ids: new Set(), links: [] };
  walk(parse(readFileSync(file, "utf8")) as Node, (element) => {
    for (const { name, value } of element.attrs) {
      if (name === "id") page.ids.add(value);
      if (name === "href" || name === "src") page.links.push({ tag: element.tagName, url: value });
    }
  });
  return page;
}

/** `/a` is served from a.html or a/index.html, `/` from index.html, anything else as its file. */
function builtFile(clientDir: string, pathname: string): string | null {
  const relative = decodeURIComponent(pathname).replace(/^\/+/, "");
  const candidates = pathname.endsWith("/") ? [`${relative}index.html`] : [`${relative}.html`, `${relative}/index.html`, relative];
  return candidates.map((candidate) => path.join(clientDir, candidate)).find((file) => existsSync(file) && !file.endsWith(path.sep)) ?? null;
}

let clientDir = "";
const built = new Map<string, BuiltPage>();

/** What is wrong with a link to `url` (already resolved against the site), or null when it holds. */
function brokenLink(url: URL): string | null {
  const file = builtFile(clientDir, url.pathname);
  if (!file) return `no built file for ${url.pathname}`;
  if (!url.hash) return null;
  if (!file.endsWith(".html")) return `${url.pathname} is not a page, so it has no #${url.hash.slice(1)}`;
  const page = built.get(file) ?? readBuiltPage(file);
  return page.ids.has(decodeURIComponent(url.hash.slice(1))) ? null : `${url.pathname} has no heading with id "${decodeURIComponent(url.hash.slice(1))}"`;
}

test("docs/ builds with the packed sdk into a static site with a page per Markdown file", () => {
  const root = scratchDir("docs", installedApps());
  cpSync(DOCS, root, { recursive: true, filter: (source) => !/[\\/](node_modules|dist|\.sdk)$/.test(source) });
  expectSuccess(runSdk(["build", "--root", root]), "sdk build of docs/");
  clientDir = path.join(root, "dist", "client");
  for (const file of readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
    if (file.endsWith(".html")) built.set(path.join(clientDir, file), readBuiltPage(path.join(clientDir, file)));
  }
  const pages = readPages(path.join(DOCS, "pages"));
  assert.ok(pages.length >= 20, `the docs have their pages (${pages.length})`);
  for (const page of pages) assert.ok(builtFile(clientDir, page.href), `${page.file} was built at ${page.href}`);
});

test("every internal link of every built page names a built file, and its #fragment a heading there", () => {
  assert.ok(built.size > 0, "the site was built by the first test");
  const broken: string[] = [];
  let checked = 0;
  for (const [file, page] of built) {
    const pagePath = `/${path.relative(clientDir, file).split(path.sep).join("/").replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "")}`;
    for (const link of page.links) {
      const url = new URL(link.url, SITE + pagePath);
      if (url.origin !== SITE) continue;
      checked++;
      const problem = brokenLink(url);
      if (problem) broken.push(`${path.relative(clientDir, file)}: <${link.tag}> ${link.url}: ${problem}`);
    }
  }
  assert.equal(broken, [], `${broken.length} broken link(s) of ${checked}`);
  assert.ok(checked > 500, `the pages' links were found (${checked})`);
  assert.ok(brokenLink(new URL("/no-such-page", SITE)), "a link to a page that was not built is caught");
  assert.ok(brokenLink(new URL("/database#no-such-heading", SITE)), "a link to a heading that is not there is caught");
});

test("every search result links to a built page and a heading on it", () => {
  const entries = searchEntries(readPages(path.join(DOCS, "pages")));
  const broken = entries.flatMap((entry) => {
    const problem = brokenLink(new URL(entry.href, SITE));
    return problem ? [`${entry.page} › ${entry.heading} (${entry.href}): ${problem}`] : [];
  });
  assert.equal(broken, []);
  assert.ok(entries.some((entry) => entry.text.includes("revalidateQueryAllowlist")), "the index holds the pages' text");
});

test("README's links into docs/ name Markdown pages that exist, and their #fragments headings of the built page", () => {
  const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const links = [...readme.matchAll(/\]\((docs\/[^)\s]+)\)/g)].map((match) => match[1]!);
  assert.ok(links.length >= 10, `README links into the docs (${links.length})`);
  const broken = links.flatMap((link) => {
    const [file, fragment] = link.split("#");
    if (!existsSync(path.join(REPO_ROOT, file!))) return [`${link}: no such file`];
    if (!file!.startsWith("docs/pages/") || !file!.endsWith(".md")) return [];
    const href = `/${file!.slice("docs/pages/".length, -".md".length)}`.replace(/(^|\/)index$/, "$1");
    const problem = brokenLink(new URL(`${href}${fragment ? `#${fragment}` : ""}`, SITE));
    return problem ? [`${link}: ${problem}`] : [];
  });
  assert.equal(broken, []);
});

test.run();
