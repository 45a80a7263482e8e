/**
 * `/__sdk/`: the dev server's own endpoints, answered before the app and only to requests from
 * this machine (by the socket's address). Anything else under the prefix goes on to the app as
 * if the prefix did not exist, as it does in a build. An action (anything but reading a list or
 * a page) is refused when a page of another site could have made the browser send it
 * (cross-site.ts): this machine's browser is on this machine too. workerd's own triggers under
 * `/cdn-cgi/handler/`, which Cloudflare's plugin forwards to the worker on the edge, are held to
 * the same rules by `workerdTriggersGuard`.
 *
 * Every answer also needs a Host that names this machine, so a page whose DNS name was rebound to
 * 127.0.0.1 can read nothing here. `/__sdk/bridge/` is the dashboard's way into the worker
 * (runtime/dev/dashboard-bridge.ts): it goes on to the worker, which checks the session's token.
 *
 * - `GET /__sdk/`: the dev dashboard for a browser (dashboard/), the triggers as JSON for curl.
 * - `POST /__sdk/scheduled?cron=<expression>` (GET too, as Cloudflare's
 *   `/cdn-cgi/handler/scheduled` takes it): runs the cron files that export the expression.
 * - while the app uses email, the inbox and the inbound trigger (email-endpoints.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isReservedPath, RESERVED_PREFIX } from "../../compiler/validate/reserved-path.js";
import type { DeclaredCron } from "../../emitters/crons-module.js";
import { BRIDGE_PREFIX } from "../../runtime/dev/dashboard-bridge.js";
import type { EmailEndpoints } from "./email-endpoints.js";
import { crossSiteRefusal } from "./cross-site.js";
import { CLIENT_PATH, type Dashboard } from "./dashboard/dashboard.js";
import { isLoopbackHost } from "./dashboard/loopback-host.js";
import { prefersHtml, send, sendJson } from "./endpoint-answers.js";
import { isLoopbackAddress } from "./loopback.js";
import { cronTriggers, SCHEDULED_PATH } from "./triggers.js";

/** What firing a scheduled event answers: the JSON of `POST /__sdk/scheduled`. */
export interface ScheduledReport {
  cron: string;
  /** The cron files whose handlers ran. */
  ran: string[];
  outcome: "ok" | "exception";
  errors?: { file?: string; message: string }[];
}

export interface SdkEndpointsOptions {
  /** The app's crons as the dev server last read them. */
  crons(): DeclaredCron[];
  /** Runs the handlers of an expression some cron file exports; `request` is the one asking. */
  fireScheduled(cron: string, request: IncomingMessage): Promise<ScheduledReport>;
  /** The inbox and the inbound trigger, on the edge. */
  email?: EmailEndpoints;
  dashboard?: Dashboard;
}

type Next = (error?: unknown) => void;

/** Where workerd takes a scheduled event or an inbound message (`/cdn-cgi/handler/scheduled`, `.../email`). */
const WORKERD_HANDLERS = "/cdn-cgi/handler/";

const NOT_FRAMED = { "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" };

const ENDPOINTS = [`GET ${RESERVED_PREFIX}/`, `POST ${SCHEDULED_PATH}?cron=<url-encoded expression>`];

export function sdkEndpoints(options: SdkEndpointsOptions): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!isReservedPath(url.pathname) || !isLoopbackAddress(req.socket.remoteAddress) || url.pathname.startsWith(BRIDGE_PREFIX)) return next();
    const method = req.method ?? "GET";
    if (!isLoopbackHost(req.headers.host)) return refuse(res, method, url.pathname, `its Host (${req.headers.host ?? "none"}) does not name this machine: a page of another site may have rebound its DNS name to it. Open it at localhost`);
    const dashboardCall = options.dashboard?.handles(url.pathname) && url.pathname !== CLIENT_PATH;
    const refusal = isAction(method, url.pathname) || dashboardCall ? crossSiteRefusal({ method, headers: req.headers }) : null;
    if (refusal) return refuse(res, method, url.pathname, refusal);
    answer(req, res, url, options).catch(next);
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, url: URL, options: SdkEndpointsOptions): Promise<void> {
  const method = req.method ?? "GET";
  if (url.pathname === RESERVED_PREFIX || url.pathname === `${RESERVED_PREFIX}/`) {
    if (method !== "GET" && method !== "HEAD") return sendJson(res, 405, { error: "Method Not Allowed" }, { Allow: "GET, HEAD" });
    const baseUrl = `http://${req.headers.host ?? "localhost"}`;
    const triggers = cronTriggers(options.crons(), baseUrl);
    const email = options.email?.links(baseUrl) ?? null;
    // Never in a frame: a page of another site could frame it and lead clicks onto its buttons.
    if (prefersHtml(req.headers.accept) && options.dashboard) return send(res, 200, "text/html; charset=utf-8", options.dashboard.page(), NOT_FRAMED);
    return sendJson(res, 200, { crons: triggers, ...(email && { email }) });
  }
  if (options.dashboard?.handles(url.pathname)) return options.dashboard.answer(req, res, url);
  if (options.email?.handles(url.pathname)) return options.email.answer(req, res, url);
  if (url.pathname === SCHEDULED_PATH) {
    if (method !== "POST" && method !== "GET") return sendJson(res, 405, { error: "Method Not Allowed" }, { Allow: "GET, POST" });
    const cron = url.searchParams.get("cron");
    const known = [...new Set(options.crons().map((declared) => declared.cron))];
    if (cron === null) return sendJson(res, 400, { error: "Name the expression to fire: ?cron=<url-encoded expression>.", known });
    if (!known.includes(cron)) return sendJson(res, 404, { error: `No cron file exports "${cron}".`, cron, known });
    const report = await options.fireScheduled(cron, req);
    return sendJson(res, report.outcome === "ok" ? 200 : 500, report);
  }
  sendJson(res, 404, { error: "Not Found", endpoints: [...ENDPOINTS, ...(options.email?.endpoints() ?? [])] });
}

/**
 * workerd's own triggers (`/cdn-cgi/handler/scheduled`, `.../email`), which Cloudflare's plugin
 * hands to the worker ahead of the app: held to the rules of `/__sdk/`'s actions, from the
 * middleware that runs before every other.
 */
export function workerdTriggersGuard(): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (!pathname.startsWith(WORKERD_HANDLERS)) return next();
    if (!isLoopbackAddress(req.socket.remoteAddress)) return sendJson(res, 404, { error: "Not Found" });
    const method = req.method ?? "GET";
    const refusal = crossSiteRefusal({ method, headers: req.headers });
    if (refusal) return refuse(res, method, pathname, refusal);
    next();
  };
}

function refuse(res: ServerResponse, method: string, pathname: string, why: string): void {
  sendJson(res, 403, { error: `sdk dev refused this ${method} ${pathname}: ${why}. Its actions answer curl, scripts and the dev server's own pages.` });
}

/** Whatever fires or changes something: every method but GET and HEAD, and GET of the scheduled trigger, which Cloudflare's takes too. */
export function isAction(method: string, pathname: string): boolean {
  return (method !== "GET" && method !== "HEAD") || pathname === SCHEDULED_PATH;
}
