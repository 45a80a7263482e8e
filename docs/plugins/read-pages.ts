/**
 * The docs pages as data, read from pages/**\/*.md at build time: the sidebar (sections and pages
 * in frontmatter order) and the search index (one entry per heading, with the text under it).
 * Anchors come from github-slugger over each heading's text, as rehype-slug gives sdk's rendered
 * headings their ids, so every search result links to a heading that exists.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { parse as parseYaml } from "yaml";

export interface NavPage {
  title: string;
  href: string;
}

export interface NavSection {
  title: string;
  pages: NavPage[];
}

export interface SearchEntry {
  /** The page's title, and the heading's text (the page's own h1 for the text before any heading). */
  page: string;
  heading: string;
  href: string;
  text: string;
}

interface DocsPage {
  file: string;
  href: string;
  title: string;
  section: string;
  order: number;
  tree: Root;
}

/** A page whose frontmatter cannot place it in the sidebar: the message names the file and the fix. */
export class DocsPageError extends Error {}

const markdown = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(remarkGfm);

/** `pages/index.md` is `/`, `pages/a/index.md` `/a`, `pages/a/b.md` `/a/b`, as sdk routes them. */
function hrefOf(relative: string): string {
  const segments = relative.replace(/\.md$/, "").split("/");
  if (segments.at(-1) === "index") segments.pop();
  return `/${segments.join("/")}`;
}

export function markdownFiles(pagesDir: string): string[] {
  return readdirSync(pagesDir, { recursive: true, encoding: "utf8" })
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => name.endsWith(".md"))
    .sort();
}

function readPage(pagesDir: string, relative: string): DocsPage {
  const file = `pages/${relative}`;
  const tree = markdown.parse(readFileSync(path.join(pagesDir, relative), "utf8"));
  const yaml = tree.children[0]?.type === "yaml" ? tree.children[0].value : "";
  const front = (parseYaml(yaml) ?? {}) as Record<string, unknown>;
  const need = (key: string, kind: "string" | "number") => {
    if (typeof front[key] !== kind) throw new DocsPageError(`${file}: the frontmatter needs \`${key}\` (${kind === "string" ? "text" : "a number"}) to place the page in the sidebar, e.g. ${key}: ${kind === "string" ? '"Getting started"' : "10"}`);
    return front[key];
  };
  return { file, href: hrefOf(relative), title: need("title", "string") as string, section: need("section", "string") as string, order: need("order", "number") as number, tree };
}

export function readPages(pagesDir: string): DocsPage[] {
  const pages = markdownFiles(pagesDir).map((relative) => readPage(pagesDir, relative));
  return pages.sort((a, b) => a.order - b.order || a.file.localeCompare(b.file));
}

/** Sections in the order of their first page, pages in frontmatter `order`. */
export function navigation(pages: DocsPage[]): NavSection[] {
  const sections = new Map<string, NavPage[]>();
  for (const page of pages) {
    const list = sections.get(page.section) ?? [];
    list.push({ title: page.title, href: page.href });
    sections.set(page.section, list);
  }
  return [...sections].map(([title, list]) => ({ title, pages: list }));
}

/** A block's text; table cells and list items stay apart, which toString() runs together. */
function plainText(node: RootContent): string {
  if ("children" in node && ["table", "tableRow", "list", "listItem", "blockquote"].includes(node.type)) return (node.children as RootContent[]).map(plainText).join(" ");
  return toString(node);
}

export function searchEntries(pages: DocsPage[]): SearchEntry[] {
  return pages.flatMap((page) => {
    const slugger = new GithubSlugger();
    const entries: SearchEntry[] = [];
    let current: SearchEntry | null = null;
    const flush = () => {
      if (current) entries.push({ ...current, text: current.text.replace(/\s+/g, " ").trim() });
    };
    for (const node of page.tree.children as RootContent[]) {
      if (node.type === "yaml") continue;
      if (node.type === "heading") {
        flush();
        const heading = toString(node as Heading);
        const slug = slugger.slug(heading);
        current = { page: page.title, heading, href: (node as Heading).depth === 1 ? page.href : `${page.href}#${slug}`, text: "" };
        continue;
      }
      current ??= { page: page.title, heading: page.title, href: page.href, text: "" };
      current.text += ` ${plainText(node)}`;
    }
    flush();
    return entries;
  });
}
