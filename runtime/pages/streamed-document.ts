/**
 * The document of a page whose loader handed back promises (streamed-props.ts), sent as its parts
 * are ready: the head at once, then the page's HTML as the UI library streams it (the shell with
 * its fallbacks, then what each Suspense boundary shows once its data is in), the payload, each
 * streamed prop's outcome as a script element, and the client entry last. The client entry is a
 * module script, which runs once the whole document is parsed, so the browser hydrates with every
 * outcome at hand. A library with no streaming renderer (Svelte 5) sends its head first and the
 * rest once the promises have settled.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DocumentPieces } from "./document.js";
import { StreamedHtml } from "./streamed-html.js";
import type { SettledProp, StreamedProps } from "./streamed-props.js";
import type { HeadDescriptor, PagePayload, PageTree, Settled, UiServerAdapter } from "./types.js";

export interface StreamedPage {
  readonly tree: PageTree;
  readonly head: HeadDescriptor;
  /** The JSON of the props the document carries at once (all but the streamed ones). */
  readonly propsJson: string;
  readonly streamed: StreamedProps;
  /** Names the page in what is logged, e.g. `GET pages/post.tsx`. */
  readonly source: string;
}

/** After the streamed props' timeout: time for the boundaries that waited on them to render. */
const CANCEL_GRACE_MS = 1_000;

/**
 * The streamed document. Resolves once the library has rendered the shell, so an error there
 * still answers as the page's error does (a 500 document); past that point the status is sent and
 * a failure can only end the document early.
 */
export async function streamedDocument(
  adapter: UiServerAdapter,
  pieces: DocumentPieces,
  page: StreamedPage,
  status: ContentfulStatusCode,
): Promise<StreamedHtml> {
  const { tree, head, streamed, source } = page;
  const { outcomes } = streamed;
  if (adapter.renderToStream === undefined) {
    return new StreamedHtml(source, status, async (write) => {
      write(pieces.headStart(head));
      await writeAwaited(write, adapter, pieces, page, outcomes);
    });
  }
  const render = await adapter.renderToStream(tree);
  // Every streamed prop settles by the timeout, and the library's boundaries with them; cancelling
  // the render stops one waiting on anything else (a `use()` of a promise of the page's own) soon
  // after, as it does when the client goes away.
  const timer = setTimeout(() => {
    console.error(
      `[sdk] ${source}: its render still waited ${CANCEL_GRACE_MS} ms after the streamed props' timeout (${streamed.timeoutMs} ms), on a promise that is not one of them; it was stopped and the document ended there. Hand slow data to the page as a prop of the loader's, which the timeout bounds.`,
    );
    render.cancel();
  }, streamed.timeoutMs + CANCEL_GRACE_MS);
  return new StreamedHtml(source, status, async (write) => {
    try {
      // As few writes as the render allows: each is a chunk on the wire and a write to the socket.
      // The shell is the render's first part, at once, so the head leaves with it; the outcomes
      // only feed hydration, which waits for the end, so they leave together with it.
      let opening: string | undefined = pieces.headStart(head) + pieces.bodyStart(head, "");
      await render.pipe((html) => {
        if (opening === undefined) write(html);
        else if (typeof html === "string") write(opening + html);
        else {
          write(opening);
          write(html);
        }
        opening = undefined;
      });
      if (opening !== undefined) write(opening);
      let tail = pieces.afterBody(tree.payload, page.propsJson);
      for (const [index, key] of streamed.keys.entries()) tail += pieces.settledChunk(key, (await outcomes[index]!).json);
      write(tail + pieces.end);
    } finally {
      clearTimeout(timer);
    }
  }, () => render.cancel());
}

/**
 * Svelte's way: the page renders once the promises have settled, with the values as plain props
 * (what `{#await}` shows at once); a prop that failed stays a promise, rejected, on both sides.
 */
async function writeAwaited(write: (html: string) => void, adapter: UiServerAdapter, pieces: DocumentPieces, page: StreamedPage, settling: readonly Promise<SettledProp>[]): Promise<void> {
  const { tree, head, streamed } = page;
  const outcomes = await Promise.all(settling);
  // The props as the browser reads them (tree's), each streamed one's value in place of its promise.
  const props: Record<string, unknown> = { ...(tree.payload.props as object) };
  const failed: Record<string, Settled> = {};
  for (const [index, key] of streamed.keys.entries()) {
    const outcome = outcomes[index]!.settled;
    if ("value" in outcome) props[key] = outcome.value;
    else failed[key] = outcome;
  }
  const rejected = Object.keys(failed);
  const propsJson = JSON.stringify(rejected.length === 0 ? props : Object.fromEntries(Object.entries(props).filter(([key]) => !(key in failed))));
  const payload: PagePayload = { ...tree.payload, props, ...(rejected.length === 0 ? { deferred: undefined } : { deferred: rejected, settled: failed }) };
  const rendered = await adapter.renderToString({ ...tree, payload });
  const { body, head: headHtml } = typeof rendered === "string" ? { body: rendered, head: "" } : rendered;
  write(pieces.bodyStart(head, headHtml) + body + pieces.afterBody(payload, propsJson) + pieces.end);
}

