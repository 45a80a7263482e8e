/**
 * Vue's server render for pages (`sdk/runtime/ui/vue/server`): one SSR app per render, so no
 * state is shared between requests. renderToString waits for async setup and Suspense, so the
 * HTML is always complete.
 */
import { createSSRApp, shallowRef, type Component } from "vue";
import { renderToString } from "vue/server-renderer";
import type { UiServerAdapter } from "../../pages/types.js";
import { createPageApp } from "./tree.js";

export const vueServerAdapter: UiServerAdapter<Component, string> = {
  renderToString(tree) {
    return renderToString(createPageApp(createSSRApp, shallowRef(tree), null));
  },
};
