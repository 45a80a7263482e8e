/**
 * React's streaming renderer with text out, for the servers that have Node.js's modules (node, Bun,
 * Deno). Every build of react-dom/server streams the same HTML; they differ in what they write it
 * into. The web-stream builds (node's and the edge's `renderToReadableStream`) encode each of the
 * render's many small strings into bytes as it goes, which made a streamed page cost three to
 * seven times React's own `renderToString` of the same tree. The Bun build's `renderToPipeableStream`
 * hands its destination the strings themselves, and nothing in it but the form-action keys of
 * React Server Components (which pages never have) needs Bun: the render then costs about 1.4
 * times `renderToString` (scripts/bench/README.md, figure 17). The strings are joined per flush,
 * so the document gets one part for the shell and one for each batch of boundaries React
 * completes, pushed to its writer with no stream in between, which the server encodes once each.
 */
import type { ReactNode } from "react";
import type { PipeableStream } from "react-dom/server";
import * as textServer from "react-dom/server.bun";
import { RENDER_CANCELLED, RenderErrors } from "../../pages/render-errors.js";
import type { StreamedRender } from "../../pages/types.js";
import { webStreamRenders } from "./render-adapter.js";

/** What React's pipeable render writes into: a Node.js Writable's methods it calls, and no more. */
interface TextDestination {
  write(html: string): boolean;
  flush(): void;
  end(): void;
  destroy(error: unknown): void;
  on(event: string, listener: () => void): TextDestination;
}

/**
 * The Bun build has had a pipeable render since react-dom 19.3; before, node's web stream is the
 * way, loaded only then.
 */
const hasTextRender = typeof textServer.renderToPipeableStream === "function";
const nodeWebRenders = () => import("react-dom/server.node").then((server) => webStreamRenders(server.renderToReadableStream));

/**
 * The page's HTML as React writes it: resolves once the shell has rendered (rejects when it
 * failed, as `renderToReadableStream` does); `cancel()` stops the render.
 */
export function renderToTextStream(element: ReactNode, page: string): Promise<StreamedRender> {
  if (!hasTextRender) return nodeWebRenders().then((renders) => renders.renderToStream(element, page));
  return new Promise((resolve, reject) => {
    // Made before React is called, so that a shell ready at once would find it.
    const render = new TextRender();
    const errors = new RenderErrors(page);
    render.rendering = textServer.renderToPipeableStream(element, {
      onShellReady() {
        errors.shellReady();
        resolve(render);
      },
      onShellError: reject,
      onError: errors.onError,
    });
  });
}

/**
 * A streamed render as objects rather than closures: it is kept for as long as the page waits on
 * its data, once per request in flight.
 */
class TextRender implements StreamedRender {
  rendering!: PipeableStream;
  stopped = false;

  pipe(write: (html: string) => void): Promise<void> {
    return new Promise((done, fail) => {
      if (this.stopped) done();
      else this.rendering.pipe(new FlushingDestination(write, done, fail, this) as never);
    });
  }

  cancel(): void {
    this.stopped = true;
    this.rendering.abort(RENDER_CANCELLED);
  }
}

/** The page's whole HTML once every boundary has its content, so none shows its fallback. */
export function renderAwaitedText(element: ReactNode, page: string): Promise<string> {
  if (!hasTextRender) return nodeWebRenders().then((renders) => renders.renderAwaited(element, page));
  return new Promise((resolve, reject) => {
    let html = "";
    const destination: TextDestination = {
      write(chunk) {
        html += chunk;
        return true;
      },
      flush() {},
      end: () => resolve(html),
      destroy: reject,
      on: () => destination,
    };
    const errors = new RenderErrors(page);
    const rendering = textServer.renderToPipeableStream(element, {
      onShellReady: () => errors.shellReady(),
      onAllReady: () => rendering.pipe(destination as never),
      onShellError: reject,
      onError: errors.onError,
    });
  });
}

/**
 * A destination that joins what React writes and hands it on at each flush: one part for the
 * shell, one for each batch of boundaries React completes. Once its render is stopped (cancelled),
 * what the aborted render still writes has nowhere to go.
 */
class FlushingDestination implements TextDestination {
  #pending = "";

  constructor(
    private readonly send: (html: string) => void,
    private readonly done: () => void,
    readonly destroy: (error: unknown) => void,
    private readonly render: { readonly stopped: boolean },
  ) {}

  write(html: string): boolean {
    this.#pending += html;
    return true;
  }

  flush(): void {
    if (this.#pending === "" || this.render.stopped) return;
    const html = this.#pending;
    this.#pending = "";
    this.send(html);
  }

  end(): void {
    this.flush();
    this.done();
  }

  /** Backpressure and the client going away reach React through cancel(), not events. */
  on(): this {
    return this;
  }
}
