/**
 * A local stand-in for the edge platform's REST API (Cloudflare's v4 shape) for tests: the
 * endpoints cli/platform/*.ts calls, with state kept across requests, every request recorded,
 * failures on demand, and D1/KV/R2 data and the uploaded workers running in one Miniflare, so a
 * deploy can be checked end to end through workers.dev hosts (workers-dev.ts). Every request and
 * answer is checked against Cloudflare's published API (conformance.ts; mismatches are answered
 * as errors and kept in `violations`), and it behaves as real accounts do: permissions per token
 * (permissions.ts), account-owned tokens, paged lists, no workers.dev subdomain until one is
 * registered (`subdomain: null`), no preview URLs for a worker with durable state. It listens on
 * 127.0.0.1 on a free port; `close()` stops workerd and the server and removes its folder.
 *
 *   const api = await startPlatformApi();
 *   // SDK_API_BASE_URL=api.baseUrl, SDK_API_TOKEN=api.token, SDK_ACCOUNT_ID=api.accountId,
 *   // SDK_WORKERS_DEV_ORIGIN=api.workersDevOrigin
 *   await api.workersDevFetch("my-app.acme.workers.dev", "/");
 *   await api.close();
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { accountRoutes } from "./account.ts";
import { assetsRoutes } from "./assets.ts";
import { Conformance } from "./conformance.ts";
import { containerRoutes } from "./containers.ts";
import { d1Routes } from "./d1.ts";
import type { Platform } from "./http.ts";
import { hyperdriveRoutes } from "./hyperdrive.ts";
import { kvRoutes, r2Routes } from "./kv-r2.ts";
import { queueRoutes } from "./queues.ts";
import { WorkerRuntime } from "./runtime.ts";
import { scriptRoutes } from "./scripts.ts";
import { scriptVersionRoutes } from "./script-versions.ts";
import { API_PREFIX, createPlatformServer, type InjectedFailure, type RecordedRequest, type RecordedWorkersDevRequest } from "./server.ts";
import { DEFAULT_PERMISSIONS, type Permission, type TokenGrant } from "./permissions.ts";
import { createState, newHexId, type Plan, type PlatformState } from "./state.ts";
import { workerRouteRoutes } from "./worker-routes.ts";
import { addZone, zoneRoutes, type ZoneInit } from "./zones.ts";

export { CODE } from "./http.ts";
export type { RecordedRequest, RecordedWorkersDevRequest } from "./server.ts";
export type { Plan, PlatformState } from "./state.ts";
export { ALL_PERMISSIONS, CONTAINER_PERMISSIONS, DEFAULT_PERMISSIONS, type Permission } from "./permissions.ts";
export { MANAGED_REGISTRY, type ContainerApplication } from "./containers.ts";
export type { ZoneInit } from "./zones.ts";

export interface PlatformApiOptions {
  /**
   * The API tokens the stand-in accepts; the first is `token`. Default: one random token. A token
   * is the user's with DEFAULT_PERMISSIONS (no Billing:Read) unless it says otherwise.
   */
  tokens?: (string | TokenInit)[];
  /** Default: a random id, named "Stand-in Account". */
  account?: { id: string; name: string };
  /** Default "free" (a `limits.cpu_ms` ceiling of 10). */
  plan?: Plan;
  /** The account's `<subdomain>.workers.dev`. Default "acme"; `null`: none registered yet (a new account). */
  subdomain?: string | null;
  zones?: ZoneInit[];
  /** Missing asset hashes per upload bucket. Default 2, so a few files already take several requests. */
  assetBucketSize?: number;
}

export interface TokenInit {
  value: string;
  /** Default "user"; an account-owned token is unknown to `/user/tokens/verify`. */
  owner?: "user" | "account";
  permissions?: readonly Permission[];
}

export interface WorkersDevInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface PlatformApiStandIn {
  /** `http://127.0.0.1:<port>/client/v4` */
  baseUrl: string;
  /** `http://127.0.0.1:<port>`: send requests here with `Host: <…>.workers.dev`. */
  workersDevOrigin: string;
  token: string;
  accountId: string;
  /** Every API request, in arrival order. */
  requests: RecordedRequest[];
  workersDevRequests: RecordedWorkersDevRequest[];
  /**
   * Every mismatch between a request (or the stand-in's answer) and Cloudflare's published schema.
   * Each was also answered as an error; a test that ends with any here should fail.
   */
  violations: string[];
  /** Live state; see state.ts. */
  state: PlatformState;
  /** workerd's output (the workers' console) and Miniflare's messages, line by line. */
  logs: string[];
  /** The stand-in's temporary folder (D1/KV/R2/Durable Object state, asset folders); `close()` removes it. */
  dir: string;
  /** The next request matching `method` (or `*`) and `pathPattern` (`:name` segments match anything) answers this error. */
  failNext(method: string, pathPattern: string, error: { status: number; code: number; message: string }): void;
  /** The script's preview hosts answer 503 (a version that does not become ready), until called with `false`. */
  failReadiness(scriptName: string, failing?: boolean): void;
  setPlan(plan: Plan): void;
  addZone(zone: ZoneInit): { id: string; name: string };
  /** A request to the workers.dev origin with `Host: <host>`, answered as a fetch Response. */
  workersDevFetch(host: string, path: string, init?: WorkersDevInit): Promise<Response>;
  /** Stops workerd and the server and removes the stand-in's temporary folder. */
  close(): Promise<void>;
}

export async function startPlatformApi(options: PlatformApiOptions = {}): Promise<PlatformApiStandIn> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sdk-platform-api-"));
  const tokenInits = (options.tokens?.length ? options.tokens : [`stand-in-token-${newHexId()}`]).map((token): TokenInit => (typeof token === "string" ? { value: token } : token));
  const tokens = new Map(tokenInits.map(({ value, owner, permissions }): [string, TokenGrant] => [value, { owner: owner ?? "user", permissions: new Set(permissions ?? DEFAULT_PERMISSIONS) }]));
  const state = createState({ account: options.account ?? { id: newHexId(), name: "Stand-in Account" }, plan: options.plan ?? "free", subdomain: options.subdomain === null ? undefined : (options.subdomain ?? "acme"), tokens });
  for (const zone of options.zones ?? []) addZone(state, zone);

  let runtime: WorkerRuntime | undefined;
  let server: Server | undefined;
  const stop = async () => {
    try {
      if (server?.listening) {
        const closed = new Promise((resolve) => server!.close(resolve));
        server.closeAllConnections();
        await closed;
      }
      await runtime?.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  const requests: RecordedRequest[] = [];
  const workersDevRequests: RecordedWorkersDevRequest[] = [];
  const failures: InjectedFailure[] = [];
  const violations: string[] = [];
  let port: number;
  try {
    runtime = await WorkerRuntime.start(state, dir);
    const platform: Platform = { state, runtime, dir, assetBucketSize: options.assetBucketSize ?? 2 };
    const routes = [accountRoutes, scriptRoutes, scriptVersionRoutes, assetsRoutes, d1Routes, kvRoutes, r2Routes, queueRoutes, hyperdriveRoutes, containerRoutes, zoneRoutes, workerRouteRoutes].flatMap((routesOf) => routesOf(platform));
    server = createPlatformServer({ platform, routes, requests, workersDevRequests, failures, conformance: new Conformance(), violations });
    await new Promise<void>((resolve, reject) => server!.once("error", reject).listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  } catch (error) {
    await stop();
    throw error;
  }

  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${origin}${API_PREFIX}`,
    workersDevOrigin: origin,
    token: tokenInits[0].value,
    accountId: state.account.id,
    requests,
    workersDevRequests,
    violations,
    state,
    logs: runtime.logs,
    dir,
    failNext: (method, pattern, error) => void failures.push({ method, pattern, ...error }),
    failReadiness(scriptName, failing = true) {
      if (failing) state.notReady.add(scriptName);
      else state.notReady.delete(scriptName);
    },
    setPlan(plan) {
      state.plan = plan;
    },
    addZone(zone) {
      const { id, name } = addZone(state, zone);
      return { id, name };
    },
    workersDevFetch: (host, requestPath, init) => workersDevFetch(port, host, requestPath, init),
    close: () => (closing ??= stop()),
  };
}

function workersDevFetch(port: number, host: string, requestPath: string, init: WorkersDevInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path: requestPath, method: init.method ?? "GET", headers: { ...init.headers, host }, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const headers = new Headers();
        for (let index = 0; index < incoming.rawHeaders.length; index += 2) headers.append(incoming.rawHeaders[index], incoming.rawHeaders[index + 1]);
        const status = incoming.statusCode ?? 502;
        // A Response refuses a body with these statuses, even an empty one.
        const bodyless = status === 204 || status === 205 || status === 304;
        resolve(new Response(bodyless ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}
