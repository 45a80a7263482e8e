/**
 * A library's streamed render that comes as a web stream (Vue's renderToWebStream, Solid's,
 * React's edge build) as the StreamedRender the document writes from.
 */
import { RENDER_CANCELLED } from "./render-errors.js";
import type { StreamedRender } from "./types.js";

export function webStreamedRender(stream: ReadableStream<Uint8Array | string>): StreamedRender {
  const reader = stream.getReader();
  return {
    async pipe(write) {
      for (let next = await reader.read(); !next.done; next = await reader.read()) write(next.value);
    },
    cancel() {
      void reader.cancel(RENDER_CANCELLED);
    },
  };
}
