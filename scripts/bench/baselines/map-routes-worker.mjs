// Route-scale baseline in workerd: a worker whose fetch handler is the Map lookup. Bundled by the
// same Rollup plugins as ours (lib/bundle-worker.mjs) and run in the same Miniflare.
import { fetch } from "./map-routes-app.mjs";

export default { fetch };
