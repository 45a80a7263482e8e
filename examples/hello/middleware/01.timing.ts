import { defineMiddleware } from "sdk";

/** Runs on every request, first of all middleware (its name starts with 01.). */
export default defineMiddleware(async (c, next) => {
  const started = performance.now();
  await next();
  c.res.headers.set("server-timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
});
