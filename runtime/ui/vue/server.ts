/**
 * Vue's server render for pages (`sdk/runtime/ui/vue/server`): one SSR app per render, so no
 * state is shared between requests. renderToString waits for async setup and Suspense, so the
 * HTML is always complete.
 */
import { createSSRApp, shallowRef, type Component } from "vue";
import { renderToString, renderToWebStream } from "vue/server-renderer";
import type { UiServerAdapter } from "../../pages/types.js";
import { webStreamedRender } from "../../pages/web-streamed-render.js";
import { createPageApp } from "./tree.js";

export const vueServerAdapter: UiServerAdapter<Component, string> = {
  renderToString(tree) {
    return renderToString(createPageApp(createSSRApp, shallowRef(tree), null));
  },

  /**
   * Vue's web stream, which renders in order: everything before the first component that awaits
   * a streamed prop (`await props.comments` in an async setup under `<Suspense>`) leaves at once,
   * the rest once that await resolves. Vue's server renderer shows no Suspense fallback.
   */
  async renderToStream(tree) {
    return webStreamedRender(renderToWebStream(createPageApp(createSSRApp, shallowRef(tree), null)));
  },
};
