// SSR baseline worker: a library's Hono app (ssr-app-<library>.mjs, which bundleServer resolves
// "ssr-app" to) as a fetch handler, bundled by the same Rollup plugins as ours (lib/bundle-worker.mjs)
// and run in the same Miniflare.
import { app } from "ssr-app";

export default app;
