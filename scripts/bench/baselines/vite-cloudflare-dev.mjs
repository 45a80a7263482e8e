// The edge's time-to-ready baseline: Vite's own dev server with Cloudflare's Vite plugin running a
// one-route worker in workerd, what any Vite-based dev server on the edge pays before its first
// answer (Vite, Miniflare and workerd start, the worker's modules load through the module runner).
// The worker and its wrangler.json are written to a scratch folder given as the first argument,
// with the settings of `sdk dev` that cost time (no config file, no .env, app type custom, no
// inspector, no request.cf fetch). Usage: node vite-cloudflare-dev.mjs <dir>   (PORT, HOST from env)
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createServer } from "vite";

const root = process.argv[2];
writeFileSync(path.join(root, "worker.js"), [
  "export default {",
  "  fetch(request) {",
  '    if (new URL(request.url).pathname === "/api/hello") return Response.json({ message: "hello, world" });',
  '    return new Response("Not Found", { status: 404 });',
  "  },",
  "};",
  "",
].join("\n"));
writeFileSync(path.join(root, "wrangler.json"), JSON.stringify({
  name: "bench-hello",
  main: "./worker.js",
  // What sdk's wrangler.json sets by default (emitters/wrangler.ts): nodejs_compat costs the plugin time too.
  compatibility_date: "2026-04-01",
  compatibility_flags: ["nodejs_compat"],
}));

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
const { cloudflare } = await import("@cloudflare/vite-plugin");
const server = await createServer({
  configFile: false,
  envDir: false,
  root,
  appType: "custom",
  clearScreen: false,
  logLevel: "warn",
  server: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? "127.0.0.1", strictPort: true },
  plugins: [cloudflare({ configPath: path.join(root, "wrangler.json"), inspectorPort: false, persistState: false })],
});
await server.listen();
console.log(`Listening on ${server.resolvedUrls?.local[0]}`);
