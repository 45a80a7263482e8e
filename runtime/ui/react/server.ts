/**
 * React's server render for pages (`sdk/runtime/ui/react/server`). react-dom/server resolves per
 * target (edge, node, bun, browser builds) and every build has both functions used here.
 */
import type { ComponentType, ReactNode } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import type { UiServerAdapter } from "../../pages/types.js";
import { streamedRender } from "./streamed-render.js";
import { pageElement } from "./tree.js";

/**
 * React marks a Suspense boundary it left for the browser to render with the comment `<!--$!-->`:
 * the synchronous renderer does so for every boundary that suspended.
 */
function hasClientRenderedBoundary(html: string): boolean {
  // Looked for from its `$`, which is rare in HTML: the search jumps from one to the next, where
  // a search for the whole marker stops at every `<` (on a 10 kB list page, 0.2 µs against 5).
  for (let at = html.indexOf(MARKER_TAIL); at !== -1; at = html.indexOf(MARKER_TAIL, at + 1)) {
    if (html.startsWith(MARKER_HEAD, at - MARKER_HEAD.length)) return true;
  }
  return false;
}

const MARKER_HEAD = "<!--";
const MARKER_TAIL = "$!-->";

/** The streaming renderer, read to the end once every boundary has resolved. */
async function renderFully(element: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

export const reactServerAdapter: UiServerAdapter<ComponentType<any>, string> = {
  renderToString(tree) {
    return renderComplete(pageElement(tree, null));
  },

  /**
   * The shell with a fallback in each Suspense boundary waiting on a streamed prop
   * (`use(props.comments)`), then the whole page once the streamed props have settled
   * (streamed-render.ts says why not React's streaming renderer). A boundary whose prop failed is
   * left for the browser to render, where its error boundary shows the error. A shell the
   * synchronous renderer gives up on (a lazy component) is React's streaming renderer's.
   */
  async renderToStream(tree) {
    const element = pageElement(tree, null);
    const promises = Object.values(tree.payload.props as object).filter((value): value is Promise<unknown> => value instanceof Promise);
    try {
      return streamedRender(element, Promise.allSettled(promises), renderComplete);
    } catch {
      return renderToReadableStream(element);
    }
  },
};

/**
 * The synchronous renderer first: it is two to three times faster than the streaming one, and
 * most pages get their data from the loader and never suspend. A page that does suspend (lazy,
 * use()) makes it give up (it throws, or leaves a boundary to the browser); the page is then
 * rendered again with the streaming renderer, which waits for it, so the HTML is always complete.
 */
function renderComplete(element: ReactNode): string | Promise<string> {
  let html: string;
  try {
    html = renderToString(element);
  } catch {
    return renderFully(element);
  }
  return hasClientRenderedBoundary(html) ? renderFully(element) : html;
}
