// Hand-written Hono on Deno: Deno.serve with the app's fetch.
import { app } from "./hono-app.mjs";

const hostname = Deno.env.get("HOST") ?? "127.0.0.1";
Deno.serve({ port: Number(Deno.env.get("PORT") ?? 3000), hostname, onListen: ({ port }) => console.log(`Listening on http://${hostname}:${port}`) }, app.fetch);
