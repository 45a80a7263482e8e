// SSR baseline on Bun: ssr-app.mjs through Bun.serve, bundled (lib/bundle-worker.mjs).
import { app } from "./ssr-app.mjs";

const server = Bun.serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? "127.0.0.1" });
console.log(`Listening on ${server.url}`);
