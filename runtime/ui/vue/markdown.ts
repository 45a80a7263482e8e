/**
 * Vue's piece of Markdown pages (`sdk/runtime/ui/vue/markdown`): a compiled `.md` page's default
 * export is `markdownPage(html)`. The HTML was rendered at build time from the author's own
 * Markdown, so it is set as is; frontmatter never reaches it.
 */
import { defineComponent, h, type Component } from "vue";

export function markdownPage(html: string): Component {
  return defineComponent({
    name: "MarkdownPage",
    setup: () => () => h("div", { class: "sdk-markdown", innerHTML: html }),
  });
}
