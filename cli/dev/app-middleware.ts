/**
 * The app behind Vite's own middlewares, for the node, bun and deno targets: Node's request as a
 * web Request (through @hono/node-server, as the node build serves it), answered by the handler
 * the module runner loaded last.
 */
import { getRequestListener } from "@hono/node-server";
import type { Connect } from "vite";
import type { RequestHandler } from "../../runtime/server.js";

export function appMiddleware(currentHandler: () => Promise<RequestHandler>): Connect.NextHandleFunction {
  const listener = getRequestListener(async (request, env) => (await currentHandler())(request, env));
  return (req, res) => {
    void listener(req, res);
  };
}
