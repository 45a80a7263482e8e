/** Svelte's server render for pages (`sdk/runtime/ui/svelte/server`). */
import type { Component } from "svelte";
import { render } from "svelte/server";
import type { UiServerAdapter } from "../../pages/types.js";
import { pageContext } from "./context.js";
import { PageRoot } from "./page-root.js";

export const svelteServerAdapter: UiServerAdapter<Component<any>> = {
  /**
   * Awaited: a plain app renders synchronously and this resolves at once; an app compiled with
   * Svelte's `experimental.async` resolves when every `await` in its components has settled.
   */
  async renderToString(tree) {
    const shown = { tree };
    const { body } = await render(PageRoot, { props: { shown }, context: pageContext(shown, null) });
    return body;
  },
};
