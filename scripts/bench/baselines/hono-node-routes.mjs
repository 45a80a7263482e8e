// Route-scale reference: a plain Hono app on Node.js with the same ROUTES routes as the
// generated app (half static /rNNNN, half /pNNNN/:id), registered in that order.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { routeNames } from "../lib/route-names.mjs";

const { statics, params } = routeNames(Number(process.env.ROUTES ?? 1000));
const app = new Hono();
for (const name of statics) app.get(`/${name}`, (c) => c.json({ route: name }));
for (const name of params) app.get(`/${name}/:id`, (c) => c.json({ route: name, id: c.req.param("id") }));

const hostname = process.env.HOST ?? "127.0.0.1";
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname }, (info) => {
  console.log(`Listening on http://${hostname}:${info.port}`);
});

// Exit on SIGTERM as the built servers do, so `node --cpu-prof` can write its profile.
process.on("SIGTERM", () => process.exit(0));
