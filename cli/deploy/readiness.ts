/**
 * Whether a worker answers: GET / on its workers.dev URL (a version's preview URL before it gets
 * traffic, the worker's own after). Wrangler counts a version ready once the platform accepted
 * and started it (the upload's answer); this check comes on top, for the app's own `/`: ready
 * when the answer is the worker's, a status under 500 other than 404, which is what workers.dev
 * answers ("There is nothing here yet") until the route or preview URL reaches the edge. A new
 * version takes a moment to get there, so 404 and 5xx are retried before the check gives up. An
 * app that serves nothing at `/` answers 404 there itself, which no probe of `/` can tell from the
 * platform's: for it (`rootServed: false`) a 404 counts as answered, as any status under 500 did.
 */
import type { DeployPrerender } from "./prerender.js";
import { getFromWorker } from "./worker-get.js";

export interface ReadinessResult {
  ready: boolean;
  url: string;
  /** The last status seen, or why no answer came. */
  detail: string;
  attempts: number;
  /** The paths prerendered on the version once it answered (prerender.ts); a failure makes it not ready. */
  prerender?: DeployPrerender;
}

export function workersDevHost(workerName: string, subdomain: string, versionId?: string): string {
  return `${versionId ? `${versionId.slice(0, 8)}-` : ""}${workerName}.${subdomain}.workers.dev`;
}

export interface ReadinessOptions {
  attempts?: number;
  intervalMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Whether the app answers `/` itself (a route, page or index.html there); true unless known otherwise. */
  rootServed?: boolean;
}

export async function checkReadiness(host: string, options: ReadinessOptions = {}): Promise<ReadinessResult> {
  const attempts = options.attempts ?? 5;
  const url = `https://${host}/`;
  let detail = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const status = await probe(host, options.env ?? process.env);
      if (answeredByWorker(status, options.rootServed ?? true)) return { ready: true, url, detail: `HTTP ${status}`, attempts: attempt };
      detail = status === 404 ? "HTTP 404: the URL does not serve the version (yet)" : `HTTP ${status}`;
    } catch (cause) {
      detail = (cause as Error).message;
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, (options.intervalMs ?? 1000) * attempt));
  }
  return { ready: false, url, detail, attempts };
}

const answeredByWorker = (status: number, rootServed: boolean): boolean => status > 0 && status < 500 && (status !== 404 || !rootServed);

/** When there is no URL to ask: the platform's acceptance of the upload is the whole check, as for wrangler. */
export function notProbed(reason: string): ReadinessResult {
  return { ready: true, url: "", detail: `not probed: ${reason}; the platform accepted and started the version`, attempts: 0 };
}

async function probe(host: string, env: NodeJS.ProcessEnv): Promise<number> {
  return (await getFromWorker(host, "/", env)).status;
}
