// Streaming baseline on Node.js: React's documented way, node:http with renderToPipeableStream
// piped into the response for /streamed, renderToString for /awaited (streaming-app-react.mjs),
// bundled as a node build is (lib/bundle-worker.mjs).
import http from "node:http";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { awaitedPage, streamedPage } from "./streaming-app-react.mjs";

const HTML = { "content-type": "text/html; charset=utf-8" };
const hostname = process.env.HOST ?? "127.0.0.1";

function streamed(url, response) {
  const { pipe } = renderToPipeableStream(streamedPage(url), {
    onShellReady() {
      response.writeHead(200, HTML);
      pipe(response);
    },
    onShellError() {
      response.writeHead(500).end();
    },
  });
}

async function awaited(url, response) {
  const html = "<!DOCTYPE html>" + renderToString(await awaitedPage(url));
  response.writeHead(200, { ...HTML, "content-length": Buffer.byteLength(html) }).end(html);
}

const server = http.createServer((request, response) => {
  const url = `http://${request.headers.host}${request.url}`;
  const { pathname } = new URL(url);
  if (pathname === "/streamed") return streamed(url, response);
  if (pathname === "/awaited") return void awaited(url, response);
  response.writeHead(404).end();
});
server.listen(Number(process.env.PORT ?? 3000), hostname, () => console.log(`Listening on http://${hostname}:${server.address().port}`));

// Exit on SIGTERM as the built servers do, so `node --cpu-prof` can write its profile.
process.on("SIGTERM", () => process.exit(0));
