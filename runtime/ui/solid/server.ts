/**
 * Solid's server render for pages (`sdk/runtime/ui/solid/server`). solid-js resolves to its
 * server build on every target (`node`, `deno` and, on the edge, `worker` come before `browser`
 * in its exports), which renders to strings with the hydration keys the browser build attaches to.
 */
import type { Component, JSX } from "solid-js";
import { generateHydrationScript, renderToStream } from "solid-js/web";
import type { UiServerAdapter } from "../../pages/types.js";
import { webStreamedRender } from "../../pages/web-streamed-render.js";
import { pageRoot } from "./tree.js";

/**
 * The whole HTML once every Suspense boundary and resource has resolved, their data included
 * for hydration. renderToStream's result is a thenable for exactly that: it is what
 * renderToStringAsync awaits, racing it against a timer. Not that function itself: when the
 * render throws, its timer is left running and rejects unhandled 30 s later, which stops a Node
 * server; a page that never resolves waits as a loader that never resolves does.
 */
function renderFully(code: () => JSX.Element): PromiseLike<string> {
  return renderToStream(code) as unknown as PromiseLike<string>;
}

export const solidServerAdapter: UiServerAdapter<Component<any>, string> = {
  /**
   * Solid's `hydrate()` needs the global its hydration script defines (and replays the clicks it
   * records until then). The document has no place for it, so it opens the page's HTML: it runs
   * before the client entry, which removes it before hydrating (solidClientAdapter).
   */
  async renderToString(tree) {
    return generateHydrationScript() + (await renderFully(() => pageRoot(() => tree, null)));
  },

  /**
   * Solid's out-of-order streaming: the shell with each Suspense boundary's fallback at once, then
   * each boundary's content with the script that puts it in place, and each resource's value
   * (`createResource(() => props.comments)`) for hydration. Opened by the hydration script, as a
   * page rendered whole is.
   */
  async renderToStream(tree) {
    const { readable, writable } = new TransformStream<string | Uint8Array, string | Uint8Array>();
    void renderToStream(() => pageRoot(() => tree, null)).pipeTo(writable);
    const hydrationScript = generateHydrationScript();
    return webStreamedRender(readable.pipeThrough(new TransformStream({ start: (opening) => opening.enqueue(hydrationScript) })));
  },
};
