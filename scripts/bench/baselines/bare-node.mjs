// The fastest plain way to serve the two benchmark routes on Node.js: node:http and an if-chain.
import { createServer } from "node:http";

const PREFIX = "/api/users/";

function sendJson(res, body) {
  const text = JSON.stringify(body);
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (req.method === "GET" && path === "/api/hello") return sendJson(res, { message: "hello, world" });
  if (req.method === "GET" && path.startsWith(PREFIX) && path.indexOf("/", PREFIX.length) === -1) {
    return sendJson(res, { id: decodeURIComponent(path.slice(PREFIX.length)) });
  }
  res.writeHead(404, { "content-type": "application/json" });
  res.end('{"error":"Not Found"}');
});

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`Listening on http://${process.env.HOST ?? "127.0.0.1"}:${server.address().port}`);
});

// Exit on SIGTERM as the built servers do, so `node --cpu-prof` can write its profile.
process.on("SIGTERM", () => process.exit(0));
