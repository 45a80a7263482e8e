// Route-scale baseline: node:http with ROUTES routes in two Maps, the shape of the generated app
// (half static /rNNNN, half /pNNNN/:id), looked up in constant time.
import { createServer } from "node:http";
import { routeNames } from "../lib/route-names.mjs";

const { statics, params } = routeNames(Number(process.env.ROUTES ?? 1000));
const staticRoutes = new Map(statics.map((name) => [`/${name}`, () => ({ route: name })]));
const paramRoutes = new Map(params.map((name) => [`/${name}`, (id) => ({ route: name, id })]));

function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  const exact = staticRoutes.get(path);
  if (exact) return sendJson(res, 200, exact());
  const slash = path.indexOf("/", 1);
  const withParam = slash === -1 ? undefined : paramRoutes.get(path.slice(0, slash));
  const id = path.slice(slash + 1);
  if (withParam && id && !id.includes("/")) return sendJson(res, 200, withParam(decodeURIComponent(id)));
  sendJson(res, 404, { error: "Not Found" });
});

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`Listening on http://${process.env.HOST ?? "127.0.0.1"}:${server.address().port}`);
});

// Exit on SIGTERM as the built servers do, so `node --cpu-prof` can write its profile.
process.on("SIGTERM", () => process.exit(0));
