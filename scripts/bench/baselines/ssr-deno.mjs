// SSR baseline on Deno: a library's Hono app (ssr-app-<library>.mjs, which bundleServer resolves
// "ssr-app" to) through Deno.serve, bundled (lib/bundle-worker.mjs).
import { app } from "ssr-app";

const hostname = Deno.env.get("HOST") ?? "127.0.0.1";
Deno.serve({ port: Number(Deno.env.get("PORT") ?? 3000), hostname, onListen: ({ port }) => console.log(`Listening on http://${hostname}:${port}`) }, app.fetch);
