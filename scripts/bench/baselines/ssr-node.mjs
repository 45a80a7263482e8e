// SSR baseline on Node.js: a library's Hono app (ssr-app-<library>.mjs, which bundleServer resolves
// "ssr-app" to) through @hono/node-server, bundled (lib/bundle-worker.mjs).
import { serve } from "@hono/node-server";
import { app } from "ssr-app";

const hostname = process.env.HOST ?? "127.0.0.1";
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname }, (info) => {
  console.log(`Listening on http://${hostname}:${info.port}`);
});

// Exit on SIGTERM as the built servers do, so `node --cpu-prof` can write its profile.
process.on("SIGTERM", () => process.exit(0));
