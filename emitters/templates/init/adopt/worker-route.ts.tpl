/**
 * Every request no other route or page answers goes to the worker in {{mainFile}}, as wrangler
 * ran it: sdk wrote this file when it took the project over from the wrangler config's `main`.
 * A route added to routes/ answers its own path first; once the worker's paths are all routes,
 * delete this file and routes/index.ts.
 */
import { defineHandler, type Context } from "sdk";
import worker from "{{importPath}}";

/** The worker as the platform calls it; the types of its env and ctx are its own. */
const platformWorker = worker as unknown as { fetch(request: Request, env: unknown, ctx: unknown): Response | Promise<Response> };
const runtime = globalThis as { navigator?: { userAgent?: string }; process?: { env: Record<string, string | undefined> } };

/** On the edge the worker's own bindings and vars; on node, bun and deno the process's environment. */
function workerEnv(c: Context): Record<string, unknown> {
  return runtime.navigator?.userAgent === "Cloudflare-Workers" ? (c.env as Record<string, unknown>) : (runtime.process?.env ?? {});
}

/** The worker's `ctx`; where the runtime has none, `waitUntil`'s work runs on and its failure is logged. */
function executionContext(c: Context) {
  try {
    return c.executionCtx;
  } catch {
    return { waitUntil: (work: Promise<unknown>) => void work.catch((error: unknown) => console.error(error)), passThroughOnException: () => {}, props: {} };
  }
}

const forward = (c: Context) => platformWorker.fetch(c.req.raw, workerEnv(c), executionContext(c));

export const GET = defineHandler(forward);
export const HEAD = defineHandler(forward);
export const POST = defineHandler(forward);
export const PUT = defineHandler(forward);
export const PATCH = defineHandler(forward);
export const DELETE = defineHandler(forward);
export const OPTIONS = defineHandler(forward);
