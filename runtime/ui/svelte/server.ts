/** Svelte's server render for pages (`sdk/runtime/ui/svelte/server`). */
import type { Component } from "svelte";
import { render } from "svelte/server";
import type { RenderedPage, UiServerAdapter } from "../../pages/types.js";
import { pageContext } from "./context.js";
import { PageRoot } from "./page-root.js";

export const svelteServerAdapter: UiServerAdapter<Component<any>, RenderedPage> = {
  /**
   * `render()` answers with a thenable. Svelte renders synchronously and calls back before `then`
   * returns, so the HTML is here at once. In Svelte's async mode (`experimental.async`, which the
   * build's compiler settings leave off) it would call back once every `await` in the components
   * has settled; the render is then that promise. What `<svelte:head>` wrote goes into the
   * document's head, where hydration finds it by its markers.
   */
  renderToString(tree) {
    const shown = { tree };
    let page: RenderedPage | undefined;
    const rendered = render(PageRoot, { props: { shown }, context: pageContext(shown, null) }).then(({ body, head }) => (page = { body, head }));
    return page ?? Promise.resolve(rendered);
  },
};
