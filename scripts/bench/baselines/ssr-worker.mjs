// SSR baseline worker: ssr-app.mjs as a fetch handler, bundled by the same Rollup plugins as ours
// (lib/bundle-worker.mjs) and run in the same Miniflare.
import { app } from "./ssr-app.mjs";

export default app;
