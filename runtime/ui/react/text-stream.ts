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
import * as textServer from "react-dom/server.bun";
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
const nodeWebRenders = () => import("react-dom/server.node").then((server) => webStreamRenders((element) => server.renderToReadableStream(element)));

/**
 * The page's HTML as React writes it: resolves once the shell has rendered (rejects when it
 * failed, as `renderToReadableStream` does); `cancel()` stops the render.
 */
export function renderToTextStream(element: ReactNode): Promise<StreamedRender> {
  if (!hasTextRender) return nodeWebRenders().then((renders) => renders.renderToStream(element));
  return new Promise((resolve, reject) => {
    let stopped = false;
    const rendering = textServer.renderToPipeableStream(element, {
      onShellReady() {
        resolve({
          pipe: (write) =>
            new Promise((done, fail) => {
              if (!stopped) rendering.pipe(flushingDestination(write, done, fail, () => stopped) as never);
              else done();
            }),
          cancel() {
            stopped = true;
            rendering.abort();
          },
        });
      },
      onShellError: reject,
    });
  });
}

/** The page's whole HTML once every boundary has its content, so none shows its fallback. */
export function renderAwaitedText(element: ReactNode): Promise<string> {
  if (!hasTextRender) return nodeWebRenders().then((renders) => renders.renderAwaited(element));
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
    const rendering = textServer.renderToPipeableStream(element, {
      onAllReady: () => rendering.pipe(destination as never),
      onShellError: reject,
    });
  });
}

/**
 * A destination that joins what React writes and hands it on at each flush: one part for the
 * shell, one for each batch of boundaries React completes. Once `stopped` (cancelled), what the
 * aborted render still writes has nowhere to go.
 */
function flushingDestination(write: (html: string) => void, done: () => void, fail: (error: unknown) => void, stopped: () => boolean): TextDestination {
  let pending = "";
  const destination: TextDestination = {
    write(html) {
      pending += html;
      return true;
    },
    flush() {
      if (pending === "" || stopped()) return;
      const html = pending;
      pending = "";
      write(html);
    },
    end() {
      destination.flush();
      done();
    },
    destroy: fail,
    // Backpressure and the client going away reach React through cancel(), not events.
    on: () => destination,
  };
  return destination;
}
