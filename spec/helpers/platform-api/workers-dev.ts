/**
 * workers.dev, served at the stand-in's own origin and told apart by the Host header (the CLI
 * sends plain HTTP to SDK_WORKERS_DEV_ORIGIN keeping `Host: <name>.<subdomain>.workers.dev`):
 * - `<script>.<subdomain>.workers.dev` runs the current deployment, a version picked by its
 *   percentages; 404 while the script's workers.dev route is off (POST …/subdomain), 503 with
 *   a body while nothing is deployed.
 * - `<first 8 hex of a version id>-<script>.<subdomain>.workers.dev` (a preview URL) runs that
 *   version, deployed or not, only while the script's previews are enabled and the version has
 *   a preview (`has_preview`: not when the worker has durable state), as on the platform;
 *   every preview host of a script `failReadiness` named answers 503.
 * - With no workers.dev subdomain registered, every host answers 404.
 * A script named like `<8 hex>-<name>` wins over the preview reading of its host. The worker sees
 * `https://<host><path>`. WebSocket upgrades are not proxied.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Platform } from "./http.ts";
import { currentDeployment, findVersion, type Deployment, type PlatformState, type Script, type WorkerVersion } from "./state.ts";
import { TARGET_HEADER } from "./worker-options.ts";

type Target = { version: WorkerVersion } | { status: number; message: string };

/** Hop-by-hop headers, the ones the URL or the body already carry, and the runtime's own routing header. */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer", "content-length", TARGET_HEADER]);
/** The fetch below already decoded the body and the server frames it anew. */
const NOT_RETURNED = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive", "set-cookie"]);

export function resolveHost(state: PlatformState, host: string): Target {
  if (!state.subdomain) return { status: 404, message: `${host}: this account has no workers.dev subdomain` };
  const suffix = `.${state.subdomain}.workers.dev`;
  const label = host.endsWith(suffix) ? host.slice(0, -suffix.length) : undefined;
  if (!label || label.includes(".")) return { status: 404, message: `${host} is not a workers.dev host of this account (<script>${suffix})` };
  const script = state.scripts.get(label);
  if (script) return deployedVersion(script);
  const preview = /^([0-9a-f]{8})-(.+)$/.exec(label);
  const previewed = preview && state.scripts.get(preview[2]);
  if (previewed) return previewVersion(state, previewed, preview[1]);
  return { status: 404, message: "There is nothing here yet" };
}

function deployedVersion(script: Script): Target {
  if (!script.subdomain.enabled) return { status: 404, message: `There is nothing here yet: ${script.name}'s workers.dev route is not enabled` };
  const deployment = currentDeployment(script);
  if (!deployment) return { status: 503, message: `${script.name} has no deployment: no version receives traffic` };
  return { version: findVersion(script, pick(deployment))! };
}

function previewVersion(state: PlatformState, script: Script, prefix: string): Target {
  if (!script.subdomain.previews_enabled) return { status: 404, message: `There is nothing here yet: ${script.name}'s preview URLs are not enabled` };
  if (state.notReady.has(script.name)) return { status: 503, message: `${prefix}-${script.name}: this version is not ready yet` };
  const version = script.versions.find((candidate) => candidate.id.startsWith(prefix));
  if (!version) return { status: 404, message: `${script.name} has no version ${prefix}` };
  return version.has_preview ? { version } : { status: 404, message: `${prefix}-${script.name}: a worker with durable state has no preview URLs` };
}

function pick(deployment: Deployment): string {
  let roll = Math.random() * 100;
  for (const entry of deployment.versions) {
    roll -= entry.percentage;
    if (roll < 0) return entry.version_id;
  }
  return deployment.versions.at(-1)!.version_id;
}

export async function serveWorkersDev(platform: Platform, host: string, request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
  const target = resolveHost(platform.state, host);
  if ("status" in target) {
    response.writeHead(target.status, { "content-type": "text/plain; charset=utf-8" }).end(`${target.message}\n`);
    return;
  }
  const { fetcher, release } = await platform.runtime.worker(target.version.id);
  // A client that goes away must not keep a restart waiting.
  response.on("close", release);
  try {
    const headers: [string, string][] = [];
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      if (!NOT_FORWARDED.has(request.rawHeaders[index].toLowerCase())) headers.push([request.rawHeaders[index], request.rawHeaders[index + 1]]);
    }
    const answer = await fetcher.fetch(`https://${host}${request.url ?? "/"}`, { method: request.method, headers, body: body.length ? body : undefined, redirect: "manual" });
    const returned = [...answer.headers].filter(([name]) => !NOT_RETURNED.has(name)).flat();
    response.writeHead(answer.status, [...returned, ...answer.headers.getSetCookie().flatMap((cookie) => ["set-cookie", cookie])]);
    if (answer.body) {
      for await (const chunk of answer.body) {
        if (response.destroyed) break;
        response.write(chunk);
      }
    }
    response.end();
  } finally {
    release();
  }
}
