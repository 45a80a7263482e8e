/**
 * The node, bun and deno servers' request handler: static assets first, as the edge platform's
 * asset layer does, then a plain route directly (runtime/direct/fetch.ts), then the app. An app
 * with routing rules brings its own handler (see runtime/routing/server.ts), so apps without
 * rules carry none of that code.
 */
import { withDirectPath } from "./direct/fetch.js";
import type { FetchApp, RequestHandler, ServerRouting } from "./server-types.js";
import type { AssetManifest } from "./static/manifest.js";
import { serveAsset, type ReadAsset } from "./static/respond.js";

export interface RequestHandlerOptions<Shared> {
  readonly assets: AssetManifest;
  readonly readAsset: ReadAsset;
  readonly routing?: ServerRouting<Shared> | null;
  /** What the instances share (an ISR store in place of the routing's own LRU), if they do. */
  readonly shared?: Shared | null;
}

export function createRequestHandler<Shared>(app: FetchApp, options: RequestHandlerOptions<Shared>): RequestHandler {
  const { assets, readAsset, routing } = options;
  if (routing) return routing(app, assets, readAsset, options.shared ?? null);
  const fetch = withDirectPath(app);
  return (request, env) => serveAsset(request, assets, readAsset) ?? fetch(request, env);
}
