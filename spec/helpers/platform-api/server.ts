/**
 * The stand-in's one HTTP server: a request whose Host is a workers.dev host goes to the workers
 * (workers-dev.ts), the rest is the API under `/client/v4`. Every request is recorded with its
 * raw body before anything can refuse it. Then, in order: a matching `failNext` injection is
 * consumed and answered, the route is found (404, code 7000), the request is checked against
 * Cloudflare's published schema (conformance.ts: a mismatch answers 400 with code 10002 and is
 * kept in `violations`), the bearer token checked (401, code 1000; the assets upload checks its
 * session JWT itself), its permission for the operation (403, code 10000; permissions.ts) and
 * the account in the path (404, code 7003). A JSON answer that does not match the schema's
 * response is the stand-in's own bug: it answers 500, code 10002, and is kept in `violations`.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Conformance } from "./conformance.ts";
import { ApiError, CODE, matchPath, type Platform, type Reply, type Route } from "./http.ts";
import { allows, permissionFor } from "./permissions.ts";
import { serveWorkersDev } from "./workers-dev.ts";

export const API_PREFIX = "/client/v4";

export interface RecordedRequest {
  method: string;
  /** Without the `/client/v4` prefix (workers.dev requests: the request's own path). */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body as sent (a multipart body as its raw text). */
  bodyText: string;
}

export interface RecordedWorkersDevRequest extends RecordedRequest {
  host: string;
}

export interface InjectedFailure {
  /** An HTTP method, or `*` for any. */
  method: string;
  /** A route pattern, `:name` matching any one segment: `/accounts/:a/workers/scripts/:name/versions`. */
  pattern: string;
  status: number;
  code: number;
  message: string;
}

export interface ServerParts {
  platform: Platform;
  routes: Route[];
  requests: RecordedRequest[];
  workersDevRequests: RecordedWorkersDevRequest[];
  failures: InjectedFailure[];
  conformance: Conformance;
  /** Every mismatch with the published schema, requests' and answers' alike. */
  violations: string[];
}

export function createPlatformServer(parts: ServerParts): Server {
  return createServer((request, response) => {
    handle(parts, request, response).catch((error: Error) => {
      if (response.headersSent) response.destroy(error);
      else writeError(response, 500, CODE.standInFailure, `the stand-in failed: ${error.stack ?? error.message}`);
    });
  });
}

async function handle(parts: ServerParts, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(request.url ?? "/", "http://stand-in.invalid");
  const method = request.method ?? "GET";
  const host = (request.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
  const recorded: RecordedRequest = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: flatHeaders(request.headers), bodyText: body.toString("utf8") };

  if (host.endsWith(".workers.dev")) {
    parts.workersDevRequests.push({ ...recorded, host });
    return serveWorkersDev(parts.platform, host, request, body, response);
  }
  if (!url.pathname.startsWith(`${API_PREFIX}/`)) return writeError(response, 404, CODE.noRoute, `No route for ${url.pathname}: the API is under ${API_PREFIX}`);
  const path = url.pathname.slice(API_PREFIX.length);
  parts.requests.push({ ...recorded, path });
  try {
    writeReply(response, await answer(parts, { method, path, query: url.searchParams, headers: request.headers, body }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    writeError(response, error.status, error.code, error.message);
  }
}

async function answer(parts: ServerParts, request: { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: Buffer }): Promise<Reply> {
  const { state } = parts.platform;
  const failure = takeFailure(parts.failures, request.method, request.path);
  if (failure) throw new ApiError(failure.status, failure.code, failure.message);

  let matched: { route: Route; params: Record<string, string> } | undefined;
  for (const route of parts.routes) {
    const params = route.method === request.method ? matchPath(route.pattern, request.path) : undefined;
    if (params) {
      matched = { route, params };
      break;
    }
  }
  if (!matched) throw new ApiError(404, CODE.noRoute, `No route for that URI: ${request.method} ${request.path}`);
  const operation = parts.conformance.find(request.method, request.path);
  if (!operation && !matched.route.outsideSchema) violation(parts, 400, [`${request.method} ${request.path} is not an operation of Cloudflare's published schema`]);
  if (operation) violation(parts, 400, await parts.conformance.checkRequest(operation.operation, operation.params, request.query, request.headers["content-type"], request.body));

  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
  const grant = bearer === undefined ? undefined : state.tokens.get(bearer);
  if (matched.route.auth !== "session") {
    if (!grant) throw new ApiError(401, CODE.invalidToken, "Invalid API Token");
    const needed = permissionFor(request.method, request.path);
    if (needed && !allows(grant, needed)) throw new ApiError(403, CODE.authenticationError, `Authentication error: the token lacks ${needed.replace(" ", ":")}`);
  }
  if (matched.params.a !== undefined && matched.params.a !== state.account.id) {
    throw new ApiError(404, CODE.invalidObjectIdentifier, `Could not route to ${request.path}, perhaps your object identifier is invalid?`);
  }
  const reply = await matched.route.handle({ ...request, params: matched.params, bearer, grant });
  if (operation && reply.kind === "envelope") {
    violation(parts, 500, parts.conformance.checkAnswer(operation.operation, reply.status, envelopeOf(reply)));
  }
  return reply;
}

/** Records the mismatches and answers them: loudly, since a test must not pass on them. */
function violation(parts: ServerParts, status: number, problems: string[]): void {
  if (!problems.length) return;
  parts.violations.push(...problems);
  const whose = status === 400 ? "the request does not conform to Cloudflare's published API" : "the stand-in's answer does not conform to Cloudflare's published API (a stand-in bug)";
  throw new ApiError(status, CODE.standInFailure, `${whose}: ${problems.join("; ")}`);
}

function envelopeOf(reply: Extract<Reply, { kind: "envelope" }>): object {
  return { success: true, errors: [], messages: [], result: reply.result, ...(reply.resultInfo !== undefined && { result_info: reply.resultInfo }) };
}

function takeFailure(failures: InjectedFailure[], method: string, path: string): InjectedFailure | undefined {
  const index = failures.findIndex((failure) => (failure.method === "*" || failure.method.toUpperCase() === method) && matchPath(failure.pattern, path));
  return index < 0 ? undefined : failures.splice(index, 1)[0];
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));
}

function writeReply(response: ServerResponse, reply: Reply): void {
  if (reply.kind === "raw") {
    response.writeHead(reply.status, reply.headers).end(reply.body);
    return;
  }
  response.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(envelopeOf(reply)));
}

function writeError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null }));
}
