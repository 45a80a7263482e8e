// Streaming baseline worker: React's documented way on the edge, renderToReadableStream as the
// Response's body for /streamed, renderToString for /awaited (streaming-app-react.mjs), bundled as
// an edge build is (lib/bundle-worker.mjs) and run in workerd alone, as ours is.
import { renderToReadableStream, renderToString } from "react-dom/server";
import { awaitedPage, streamedPage } from "./streaming-app-react.mjs";

const HTML = { "content-type": "text/html; charset=utf-8" };

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/streamed") return new Response(await renderToReadableStream(streamedPage(request.url)), { headers: HTML });
    if (pathname === "/awaited") return new Response("<!DOCTYPE html>" + renderToString(await awaitedPage(request.url)), { headers: HTML });
    return new Response("Not found", { status: 404 });
  },
};
