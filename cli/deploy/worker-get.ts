/**
 * A GET on a host the worker answers (a version's preview URL, the worker's workers.dev URL, a
 * custom domain), as the readiness check and the deploy-time prerender send it: no cookies, no
 * redirects followed. `SDK_WORKERS_DEV_ORIGIN` sends it to another origin with the host kept in
 * `Host` (curl's --resolve), which is how tests reach the platform stand-in.
 */
import { request } from "node:http";

export interface WorkerAnswer {
  status: number;
  /** The body's first characters, to name a failure. */
  excerpt: string;
}

const EXCERPT_CHARS = 300;
const TIMEOUT_MS = 10_000;

export async function getFromWorker(host: string, pathname: string, env: NodeJS.ProcessEnv, headers: Record<string, string> = {}): Promise<WorkerAnswer> {
  const origin = env.SDK_WORKERS_DEV_ORIGIN;
  if (!origin) {
    const response = await fetch(`https://${host}${pathname}`, { headers, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, excerpt: (await response.text()).slice(0, EXCERPT_CHARS) };
  }
  const target = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: pathname, headers: { ...headers, host }, timeout: TIMEOUT_MS }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (body.length < EXCERPT_CHARS) body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, excerpt: body.slice(0, EXCERPT_CHARS) }));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end();
  });
}
