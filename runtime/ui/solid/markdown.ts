/**
 * Solid's piece of Markdown pages (`sdk/runtime/ui/solid/markdown`): a compiled `.md` page's
 * default export is `markdownPage(html)`. The HTML was rendered at build time from the author's
 * own Markdown, so it is set as is; frontmatter never reaches it.
 */
import type { Component } from "solid-js";
import { createDynamic } from "solid-js/web";

export function markdownPage(html: string): Component {
  return function MarkdownPage() {
    return createDynamic(() => "div", { class: "sdk-markdown", innerHTML: html });
  };
}
