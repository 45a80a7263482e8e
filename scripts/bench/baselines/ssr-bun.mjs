// SSR baseline on Bun: a library's Hono app (ssr-app-<library>.mjs, which bundleServer resolves
// "ssr-app" to) through Bun.serve, bundled (lib/bundle-worker.mjs).
import { app } from "ssr-app";

const server = Bun.serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? "127.0.0.1" });
console.log(`Listening on ${server.url}`);
