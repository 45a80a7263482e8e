/**
 * Links between Markdown pages written as files (`[Install](./install.md#step-2)`), so the same
 * Markdown reads in a repository browser and on the site: a relative link to a `.md` file becomes
 * the URL of the page that file is (`/docs/install#step-2`). One that names no page is an error
 * at the link rather than a link that 404s. Every other link is left as written.
 */
import path from "node:path";
import type { Element, Root as HastRoot, RootContent } from "hast";
import { MarkdownLinkError } from "./errors.js";

export interface PageLinks {
  /** The URL of the static page a file is (a path like the page's own file), or null. */
  pageUrl: (file: string) => string | null;
  /** The project root, for naming a missing file in the error; paths are shown as given without it. */
  root?: string;
}

/** A scheme (`https:`, `mailto:`), a protocol-relative or root-relative URL, or an anchor on this page. */
const NOT_RELATIVE = /^(?:[a-z][a-z\d+.-]*:|\/|#)/i;
const MARKDOWN_FILE = /^([^?#]*\.md)([?#].*)?$/i;

export function rewritePageLinks(tree: HastRoot, file: string, links: PageLinks): void {
  const visit = (node: HastRoot | RootContent): void => {
    if (node.type === "element" && node.tagName === "a") rewrite(node, file, links);
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
}

function rewrite(link: Element, file: string, { pageUrl, root }: PageLinks): void {
  const href = link.properties.href;
  if (typeof href !== "string" || NOT_RELATIVE.test(href)) return;
  const parts = MARKDOWN_FILE.exec(href);
  if (!parts) return;
  const [, target, rest = ""] = parts;
  const targetFile = path.join(path.dirname(file), safeDecode(target!));
  const url = pageUrl(targetFile);
  if (url !== null) {
    link.properties.href = `${url}${rest}`;
    return;
  }
  const { line = 1, column = 1 } = link.position?.start ?? {};
  const named = toPosix(root ? path.relative(root, targetFile) : targetFile);
  throw new MarkdownLinkError(
    `The link "${href}" names ${named}, which is not a page of this app.`,
    file,
    line,
    column,
    `Link to the .md file of a page under pages/, relative to this one (${named} does not exist, or has [parameters] in its path), or write the page's URL (/docs/install).`,
  );
}

/** `my%20page.md` is the file `my page.md`; a malformed escape is taken as written. */
function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function toPosix(file: string): string {
  return file.split(path.sep).join("/");
}
