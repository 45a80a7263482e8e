// Route-scale baseline on Deno: Deno.serve with the Map lookup.
import { fetch } from "./map-routes-app.mjs";

const hostname = Deno.env.get("HOST") ?? "127.0.0.1";
Deno.serve({ port: Number(Deno.env.get("PORT") ?? 3000), hostname, onListen: ({ port }) => console.log(`Listening on http://${hostname}:${port}`) }, fetch);
