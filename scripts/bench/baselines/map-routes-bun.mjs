// Route-scale baseline on Bun: Bun.serve with the Map lookup.
import { fetch } from "./map-routes-app.mjs";

const server = Bun.serve({ fetch, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? "127.0.0.1" });
console.log(`Listening on ${server.url}`);
