// The fastest plain worker for the two benchmark routes: a fetch handler and an if-chain. It shows
// what workerd and Miniflare's entry and asset-router workers cost before any framework runs.
const PREFIX = "/api/users/";
const JSON_HEADERS = { "content-type": "application/json" };

export default {
  fetch(request) {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname === "/api/hello") return Response.json({ message: "hello, world" });
    if (request.method === "GET" && pathname.startsWith(PREFIX) && pathname.indexOf("/", PREFIX.length) === -1) {
      return Response.json({ id: decodeURIComponent(pathname.slice(PREFIX.length)) });
    }
    return new Response('{"error":"Not Found"}', { status: 404, headers: JSON_HEADERS });
  },
};
