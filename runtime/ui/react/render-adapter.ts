/**
 * React's UiServerAdapter, made from the two renders a react-dom/server build gives: the edge's
 * (server.ts) and the one for node, Bun and Deno (server-node.ts) differ only in which build.
 */
import type { ComponentType, ReactNode } from "react";
import { RenderErrors } from "../../pages/render-errors.js";
import type { StreamedRender, UiServerAdapter } from "../../pages/types.js";
import { webStreamedRender } from "../../pages/web-streamed-render.js";
import { pageElement } from "./tree.js";

export interface ReactRenders {
  renderToString(element: ReactNode): string;
  /** The streaming renderer, waited on until every boundary has its content: the whole HTML, no fallback in it. */
  renderAwaited(element: ReactNode, page: string): Promise<string>;
  /** Resolves with the shell rendered; `page` names it in what is logged. */
  renderToStream(element: ReactNode, page: string): Promise<StreamedRender>;
}

/** A web-stream build's `renderToReadableStream`, with the one option we pass it. */
type RenderToReadableStream = (element: ReactNode, options?: { onError?: (error: unknown) => void }) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;

/** A web-stream build's `renderToReadableStream`, as the renders that need only it. */
export function webStreamRenders(renderToReadableStream: RenderToReadableStream): Omit<ReactRenders, "renderToString"> {
  /** The render with its shell ready, what React reports going to the log through RenderErrors. */
  async function withShell(element: ReactNode, page: string) {
    const errors = new RenderErrors(page);
    const stream = await renderToReadableStream(element, { onError: errors.onError });
    errors.shellReady();
    return stream;
  }
  return {
    async renderAwaited(element, page) {
      const stream = await withShell(element, page);
      await stream.allReady;
      return new Response(stream).text();
    },
    renderToStream: (element, page) => withShell(element, page).then(webStreamedRender),
  };
}

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

export function reactServerAdapterOf(renders: ReactRenders): UiServerAdapter<ComponentType<any>, string> {
  return {
    /**
     * The synchronous renderer first: it is two to three times faster than the streaming one, and
     * most pages get their data from the loader and never suspend. A page that does suspend (lazy,
     * use()) makes it give up (it throws, or leaves a boundary to the browser); the page is then
     * rendered again with the streaming renderer, which waits for it, so the HTML is always complete.
     */
    renderToString(tree) {
      const element = pageElement(tree, null);
      let html: string;
      try {
        html = renders.renderToString(element);
      } catch {
        return renders.renderAwaited(element, tree.payload.page);
      }
      return hasClientRenderedBoundary(html) ? renders.renderAwaited(element, tree.payload.page) : html;
    },

    /**
     * React's own streaming: resolves with the shell, where each Suspense boundary waiting on a
     * streamed prop (`use(props.comments)`) shows its fallback; React then sends each boundary's
     * content with the inline script that puts it in place. A boundary that fails is left for the
     * browser to render, where its error boundary shows the error.
     */
    renderToStream(tree) {
      return renders.renderToStream(pageElement(tree, null), tree.payload.page);
    },
  };
}
