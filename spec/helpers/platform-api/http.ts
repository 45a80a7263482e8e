/**
 * The API's wire shapes: the envelope every JSON answer has, errors as thrown values, and routes
 * named by patterns with `:params` (the same patterns `failNext` takes). `*rest` as the last
 * segment takes the rest of the path, so KV keys and R2 object keys may hold slashes.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { TokenGrant } from "./permissions.ts";
import type { WorkerRuntime } from "./runtime.ts";
import type { PlatformState } from "./state.ts";

/**
 * Error codes. Where the platform's own code is known it is used; the ones marked "stand-in"
 * are this stand-in's choice for a refusal whose real code is not documented.
 */
export const CODE = {
  invalidToken: 1000,
  /** A valid token without the permission the operation needs. */
  authenticationError: 10000,
  noRoute: 7000,
  invalidObjectIdentifier: 7003,
  d1Query: 7500,
  d1NameTaken: 7502,
  d1NotFound: 7404,
  scriptNotFound: 10007,
  /** Also the account's missing workers.dev subdomain (wrangler's getWorkersDevSubdomain checks it). */
  resourceNotFound: 10007,
  kvKeyNotFound: 10009,
  kvNamespaceNotFound: 10013,
  kvTitleTaken: 10014,
  invalidScriptName: 10016,
  invalidWorker: 10021,
  migrationTagMismatch: 10079,
  migrationsInVersionUpload: 10211,
  latestVersionNotDeployed: 10215,
  cpuLimitOverPlan: 100328,
  r2BucketTaken: 10004,
  r2BucketNotFound: 10006,
  r2KeyNotFound: 10007,
  /** stand-in: a body or field the endpoint cannot take */
  invalidRequest: 10026,
  /** stand-in */
  assetsSessionUnauthorized: 10001,
  /** stand-in */
  invalidDeployment: 10155,
  /** stand-in */
  hyperdriveNameTaken: 2017,
  /** stand-in */
  hyperdriveOriginUnreachable: 2008,
  /** stand-in */
  containerApplicationNotFound: 1101,
  /** stand-in */
  containerApplicationExists: 1102,
  /** stand-in: an account without the Workers Paid plan creating a container application */
  containersNotEntitled: 1103,
  /** stand-in */
  queueNotFound: 11000,
  /** stand-in */
  queueHasConsumer: 11004,
  /** stand-in */
  queueNameTaken: 11009,
  /** stand-in */
  foreignMxRecords: 2009,
  /** stand-in: a bug of the stand-in or of a test, never a platform answer */
  standInFailure: 10002,
} as const;

/** An error answer: thrown by handlers, written by the server as the envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface Platform {
  state: PlatformState;
  runtime: WorkerRuntime;
  /** The stand-in's own temporary folder; everything it writes goes under it. */
  dir: string;
  assetBucketSize: number;
}

export interface ApiRequest {
  method: string;
  /** Without the `/client/v4` prefix. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  bearer: string | undefined;
  /** What the bearer may do; undefined for an assets session's JWT. */
  grant?: TokenGrant;
}

export type Reply =
  | { kind: "envelope"; status: number; result: unknown; resultInfo?: unknown }
  | { kind: "raw"; status: number; headers: Record<string, string>; body: Uint8Array | string };

export interface Route {
  method: string;
  pattern: string;
  /** `session`: authorized by an assets upload session's JWT, which the handler checks, instead of an API token. */
  auth?: "session";
  /**
   * Why the route is not an operation of Cloudflare's published schema (conformance.ts refuses
   * any other request the schema does not have): the wrangler code that calls it.
   */
  outsideSchema?: string;
  handle(request: ApiRequest): Reply | Promise<Reply>;
}

export const ok = (result: unknown, status = 200, resultInfo?: unknown): Reply => ({ kind: "envelope", status, result, resultInfo });

export const raw = (body: Uint8Array | string, headers: Record<string, string> = {}, status = 200): Reply => ({ kind: "raw", status, headers, body });

/** The JSON body, refused as the platform refuses a body it cannot read. */
export function jsonBody<T>(request: ApiRequest): T {
  try {
    return JSON.parse(request.body.toString("utf8")) as T;
  } catch {
    throw new ApiError(400, CODE.invalidRequest, `${request.method} ${request.path}: the body is not JSON`);
  }
}

/** The params `pattern` binds in `path` (segments decoded), or undefined when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const wanted = pattern.split("/").filter(Boolean);
  const actual = path.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment.startsWith("*")) {
      if (index >= actual.length) return undefined;
      params[segment.slice(1)] = actual.slice(index).map(decodeURIComponent).join("/");
      return params;
    }
    if (index >= actual.length) return undefined;
    const value = decodeURIComponent(actual[index]);
    if (segment.startsWith(":")) params[segment.slice(1)] = value;
    else if (segment !== value) return undefined;
  }
  return wanted.length === actual.length ? params : undefined;
}

/**
 * One page of a list, as the API pages it: `page` (from 1) and `per_page` (the operation's default
 * when absent; the schema's bounds are checked by conformance.ts), answered with `result_info`.
 */
export function paged(items: readonly unknown[], query: URLSearchParams, defaultPerPage: number): Reply {
  const perPage = Number(query.get("per_page") ?? defaultPerPage);
  const page = Number(query.get("page") ?? 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  return ok(slice, 200, { page, per_page: perPage, count: slice.length, total_count: items.length, total_pages: Math.ceil(items.length / perPage) });
}

/**
 * One page of a cursor-paged list: `cursor` is where the last page stopped, `per_page` its size;
 * `result_info.cursor` is empty on the last page. `wrap` shapes the page's items into the result.
 */
export function cursorPaged<T>(items: readonly T[], query: URLSearchParams, defaultPerPage: number, wrap: (page: T[]) => unknown = (page) => page): Reply {
  const perPage = Number(query.get("per_page") ?? defaultPerPage);
  const start = Number(Buffer.from(query.get("cursor") ?? "", "base64url").toString("utf8") || 0);
  const slice = items.slice(start, start + perPage);
  const next = start + perPage < items.length ? Buffer.from(String(start + perPage)).toString("base64url") : "";
  return ok(wrap(slice), 200, { cursor: next, per_page: perPage });
}
