// Hand-written Hono worker: what a developer would deploy to the edge by hand. Bundled by the
// same Rollup plugins as ours (scripts/bench/lib/bundle-worker.mjs) and run in the same Miniflare.
import { app } from "./hono-app.mjs";

export default app;
