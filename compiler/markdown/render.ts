/**
 * Markdown to HTML, once, at build time: GFM, headings with ids for links to sections, and raw
 * HTML kept (the Markdown is the author's own, so its HTML is as trusted as their components).
 * The frontmatter is returned as data; it never reaches the HTML.
 */
import type { Root as MdastRoot, Yaml } from "mdast";
import rehypeRaw from "rehype-raw";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { VFile } from "vfile";
import { parseFrontmatter } from "./frontmatter.js";

import { rewritePageLinks, type PageLinks } from "./links.js";

export { FRONTMATTER_ERROR_CODE, LINK_ERROR_CODE, MarkdownFrontmatterError, MarkdownLinkError } from "./errors.js";
export type { PageLinks } from "./links.js";

export interface RenderedMarkdown {
  html: string;
  frontmatter: Record<string, unknown>;
}

const processor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ["yaml"])
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSlug)
  .use(rehypeStringify)
  .freeze();

export interface RenderOptions {
  /** Relative links to other pages' `.md` files become their URLs; without it they stay as written. */
  links?: PageLinks;
}

/**
 * `file` names the page in errors and anchors its relative links; a frontmatter mistake throws
 * `MarkdownFrontmatterError`, a link to a `.md` file that is no page `MarkdownLinkError`.
 */
export function renderMarkdown(source: string, file: string, options: RenderOptions = {}): RenderedMarkdown {
  const vfile = new VFile({ path: file, value: source });
  const mdast = processor.parse(vfile);
  const frontmatter = frontmatterOf(mdast, file);
  const hast = processor.runSync(mdast, vfile);
  if (options.links) rewritePageLinks(hast, file, options.links);
  return { html: processor.stringify(hast, vfile), frontmatter };
}

/** remark-frontmatter only recognizes a block that opens the file, so the first child is the one. */
function frontmatterOf(mdast: MdastRoot, file: string): Record<string, unknown> {
  const first = mdast.children[0];
  if (first?.type !== "yaml") return {};
  const yaml: Yaml = first;
  return parseFrontmatter(yaml.value, { file, firstLine: yaml.position!.start.line + 1 });
}
