/**
 * Records each request that reaches the app for the dashboard's requests tab, with the route it
 * matched and the middleware it ran, timed from when the dev server took it to when the answer
 * was sent; a 500 the app answered in dev with its error and stack (`{ error, stack }`) is kept
 * as the request's error, located in the app's source. The dev app's `Server-Timing` header
 * (runtime/dev/timing.ts) gives each middleware's and the route's time; it is left in the answer
 * for the browser's devtools. Vite's own requests (modules, `/@vite/`, `/@fs/`, source files a page imports) and
 * the dev server's `/__sdk/` are not the app's, and are left out.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppIR } from "../../../compiler/ir.js";
import { isReservedPath } from "../../../compiler/validate/reserved-path.js";
import type { Activity, RequestEntry, StepTiming } from "./activity.js";
import { matchRoute } from "./routes-table.js";
import { parseServerTiming } from "./server-timing.js";
import { writeHeadHeaders, type HeaderEntry } from "../write-head-headers.js";

const VITE_PATHS = /^\/(@|node_modules\/|\.sdk\/|cdn-cgi\/|__vite)/;
const MODULE_FILES = /\.(?:[cm]?[jt]sx?|css|scss|sass|less|vue|svelte|map|md)$/;

const entries = new WeakMap<IncomingMessage, RequestEntry>();

/** The entry of a request the recorder took, for the node target's app middleware. */
export function entryOf(req: IncomingMessage): RequestEntry | undefined {
  return entries.get(req);
}

export function requestRecorder(activity: Activity, ir: () => AppIR): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (isReservedPath(pathname) || VITE_PATHS.test(pathname) || MODULE_FILES.test(pathname)) return next();
    const started = performance.now();
    const current = ir();
    const entry = activity.begin(req.method ?? "GET", pathname, matchRoute(current, pathname), current.middleware.map((middleware) => middleware.file));
    entries.set(req, entry);
    const body = keepErrorBody(res);
    const timings = readTimings(res);
    res.once("close", () => {
      activity.finish(entry, res.statusCode, performance.now() - started, timings());
      const error = parseError(body());
      if (error) activity.failed(entry, error.error, error.stack);
    });
    next();
  };
}

/** The Server-Timing the answer's head carries, whether set before `writeHead` or passed to it. */
function readTimings(res: ServerResponse): () => StepTiming[] {
  let header: string | string[] | number | undefined;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    header = res.getHeader("server-timing") ?? timingIn(writeHeadHeaders(args));
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
  return () => parseServerTiming(header ?? res.getHeader("server-timing"));
}

/** The Server-Timing among `writeHead`'s headers (a raw list may repeat it). */
function timingIn(headers: HeaderEntry[]): string[] | undefined {
  const values = headers.filter(([name]) => name.toLowerCase() === "server-timing").flatMap(([, value]) => value);
  return values.length ? values : undefined;
}

/** How much of a 5xx answer is kept to read its error: a dev error's JSON is far smaller. */
const MAX_ERROR_BODY = 64 * 1024;

/** Keeps what a 5xx answer writes (up to MAX_ERROR_BODY), passing every write on as it is. */
function keepErrorBody(res: ServerResponse): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (res.statusCode < 500 || size >= MAX_ERROR_BODY || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => (keep(chunk, rest[0]), write(chunk, ...rest))) as ServerResponse["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => (keep(chunk, rest[0]), end(chunk, ...rest))) as ServerResponse["end"];
  return () => Buffer.concat(chunks).toString("utf8");
}

function parseError(text: string): { error: string; stack: string } | null {
  if (!text.startsWith("{")) return null;
  try {
    const { error, stack } = JSON.parse(text) as { error?: unknown; stack?: unknown };
    return typeof error === "string" && typeof stack === "string" ? { error, stack } : null;
  } catch {
    return null;
  }
}
