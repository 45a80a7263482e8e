// Hand-written Hono on Bun: Bun.serve with the app's fetch.
import { app } from "./hono-app.mjs";

const server = Bun.serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? "127.0.0.1" });
console.log(`Listening on ${server.url}`);
