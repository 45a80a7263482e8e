/**
 * React's piece of Markdown pages (`sdk/runtime/ui/react/markdown`): a compiled `.md` page's
 * default export is `markdownPage(html)`. The HTML was rendered at build time from the author's
 * own Markdown, so it is set as is; frontmatter never reaches it.
 */
import { createElement, type FunctionComponent } from "react";

export function markdownPage(html: string): FunctionComponent {
  const content = { __html: html };
  return function MarkdownPage() {
    return createElement("div", { className: "sdk-markdown", dangerouslySetInnerHTML: content });
  };
}
