/**
 * Svelte's piece of Markdown pages (`sdk/runtime/ui/svelte/markdown`): a compiled `.md` page's
 * default export is `markdownPage(html)`. Frontmatter never reaches the HTML.
 */
import type { Component } from "svelte";
import MarkdownHtml from "./MarkdownHtml.svelte";

const Html = MarkdownHtml as unknown as Component<{ html: string }>;

/** A Svelte 5 component is a function of the renderer's internals and its props: this one binds `html`. */
export function markdownPage(html: string): Component {
  return (internals, props) => Html(internals, { ...props, html });
}
