/**
 * Deploy-time prerendering: the paths the build left to the running app (their pages read a
 * binding or secret, build/prerender.ts) are requested from the uploaded version, with its real
 * bindings, before it gets traffic: at its preview URL on a staged release, or right after the
 * move on an atomic one (a failure then rolls back like a failed readiness check). Each answer
 * must be a 200, or the release stops and names the path.
 *
 * The requests are ordinary GETs without credentials, through the worker's own ISR layer (the
 * paths are in its routing as `prerendered`): the worker renders and stores each one as it would
 * for a first visitor. There is no prerender endpoint and no token, so nobody can ask the worker
 * to fill or overwrite its cache with anything but what it renders itself for a fixed list of
 * paths.
 *
 * Where the copies live: the Cache API the worker's ISR uses keeps entries per data center, under
 * the request's origin and the build's version, and does nothing on workers.dev hosts. The staged
 * and the promoted version are the same upload (same build version), but a preview URL is another
 * origin, so what the staged version stored there is never a production visitor's. Once traffic
 * moved, the same requests go to each production host the deploy knows (workers.dev and the
 * routes' exact hostnames): they fill the cache of the data center nearest the deploy; elsewhere
 * the first visitor renders the path once and it is kept until the next deploy.
 */
import type { DeferredPrerender } from "../../build/prerender.js";
import type { PlannedRoute } from "./routes.js";
import { dataUrlFor } from "../../runtime/pages/data-url.js";
import { getFromWorker } from "./worker-get.js";

export interface PrerenderFailure {
  path: string;
  /** The page file or config path it comes from. */
  source: string;
  status: number;
  excerpt: string;
}

export interface DeployPrerender {
  /** Paths answered with 200, in order (a page's navigation JSON after it). */
  rendered: string[];
  failure?: PrerenderFailure;
}

export async function prerenderOnVersion(host: string, deferred: readonly DeferredPrerender[], env: NodeJS.ProcessEnv = process.env): Promise<DeployPrerender> {
  const rendered: string[] = [];
  for (const job of deferred) {
    const paths = job.withData ? [job.path, dataUrlFor(job.path)] : [job.path];
    for (const pathname of paths) {
      const answer = await getFromWorker(host, pathname, env, pathname === job.path ? { accept: "text/html" } : {}).catch((cause: Error) => ({ status: 0, excerpt: cause.message }));
      if (answer.status !== 200) return { rendered, failure: { path: pathname, source: job.source, ...answer } };
      rendered.push(pathname);
    }
  }
  return { rendered };
}

/** "prerendering /who (pages/who.tsx) answered HTTP 500: Error: D1 unavailable" */
export function describeFailure(failure: PrerenderFailure): string {
  const answered = failure.status === 0 ? `got no answer: ${failure.excerpt}` : `answered HTTP ${failure.status}${failure.excerpt.trim() ? `: ${oneLine(failure.excerpt)}` : ""}`;
  return `prerendering ${failure.path} (${failure.source}) ${answered}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The hosts production traffic reaches the worker at: its workers.dev URL when on, and each route or custom domain with an exact hostname. */
export function productionHosts(workersDevHost: string | undefined, routes: readonly Pick<PlannedRoute, "route">[]): string[] {
  const hosts = routes.map(({ route }) => route.pattern.replace(/^https?:\/\//, "").split("/")[0]!.toLowerCase()).filter((host) => !host.includes("*"));
  return [...new Set([...(workersDevHost ? [workersDevHost] : []), ...hosts])];
}

/** The live version renders the paths again at each production origin, whose cache entries visitors there read; a failure is reported, not fatal. */
export async function warmProduction(hosts: readonly string[], deferred: readonly DeferredPrerender[], step: (line: string) => void): Promise<void> {
  for (const host of hosts) {
    const warmed = await prerenderOnVersion(host, deferred);
    step(warmed.failure ? `on ${host}, ${describeFailure(warmed.failure)}; it renders at its first visit there` : `prerendered ${warmed.rendered.join(", ")} on ${host}`);
  }
}
