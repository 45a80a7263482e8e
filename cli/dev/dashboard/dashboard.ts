/**
 * The dev dashboard at `/__sdk/`: one page (its client prebuilt into the package at `npm run
 * build`, see scripts/build-dashboard.mjs) and the JSON API it reads, under `/__sdk/api/`.
 * sdk-endpoints.ts answers it to this machine only, under a Host that names this machine
 * (loopback-host.ts: a rebound DNS name is refused), and every API call only when it passes the
 * cross-site check, reads included, since they carry the app's data.
 *
 * - `GET /__sdk/api/routes`, `/requests?since=<version>`, `/env`, `/jobs`, `/data`;
 * - `GET /__sdk/api/requests/stream`: the requests log as Server-Sent Events (request-stream.ts);
 * - `POST /__sdk/api/open` `{ file, line?, column? }`: opens a file of the app in the editor;
 * - `POST /__sdk/api/queues/send` `{ queue, body }`: sends a test message (edge);
 * - `/__sdk/api/data/...`: the database, KV and R2 (data.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { RESERVED_PREFIX } from "../../../compiler/validate/reserved-path.js";
import type { AppIR } from "../../../compiler/ir.js";
import { queueBindingName } from "../../../runtime/queue/names.js";
import { send, sendJson } from "../endpoint-answers.js";
import type { Inbox } from "../inbox.js";
import type { CronTrigger } from "../triggers.js";
import type { Activity } from "./activity.js";
import { dataAnswers, dataBindings, type Answer } from "./data.js";
import { envReport } from "./env-report.js";
import { openInEditor } from "./open-in-editor.js";
import { requestStreams } from "./request-stream.js";
import { routesTable } from "./routes-table.js";
import { openServerDatabase, type SqlReader } from "./server-database.js";
import { bridgeJson, type WorkerBridge } from "./worker-bridge.js";

export const API_PREFIX = `${RESERVED_PREFIX}/api/`;
export const CLIENT_PATH = `${RESERVED_PREFIX}/dashboard.js`;
/** Where `npm run build` puts the client, beside this module's compiled copy. */
const CLIENT_FILE = fileURLToPath(new URL("./client.js", import.meta.url));
const MAX_BODY_BYTES = 256 * 1024;

export interface DashboardOptions {
  root: string;
  ir(): AppIR;
  activity: Activity;
  triggers(baseUrl: string): CronTrigger[];
  /** The inbox, while the app uses email. */
  inbox(): Inbox | null;
  dotEnv(): Record<string, string>;
  shell: ReadonlySet<string>;
  /** The way into the worker's bindings, on the edge. */
  bridge: WorkerBridge | null;
}

export interface Dashboard {
  handles(pathname: string): boolean;
  /** Closes the live streams and what the data tab opened (a PostgreSQL or MySQL connection). */
  close?(): Promise<void>;
  page(): string;
  answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

type Route = (req: IncomingMessage, url: URL, body: Record<string, unknown>) => Promise<Answer> | Answer;

export function createDashboard(options: DashboardOptions): Dashboard {
  const { root, ir, activity, bridge } = options;
  let reader: Promise<SqlReader> | undefined;
  const serverDatabase = (binding: string, dialect: "pg" | "mysql") => {
    reader ??= openServerDatabase(root, binding, dialect);
    reader.catch(() => (reader = undefined));
    return reader;
  };
  const streams = requestStreams(activity);
  const data = bridge ? dataAnswers(bridge, () => dataBindings(ir()), serverDatabase) : null;
  const noData = (): Answer => ({ status: 404, body: { error: "the data tab reads the edge target's bindings: run sdk dev on the edge (the default target)" } });
  const routes: Record<string, Route> = {
    "GET routes": () => ({ status: 200, body: routesTable(ir()) }),
    "GET requests": (_req, url) => {
      const since = Number(url.searchParams.get("since")) || 0;
      return { status: 200, body: { version: activity.current, requests: activity.requests.filter((entry) => entry.version > since) } };
    },
    "GET env": () => ({ status: 200, body: envReport(ir(), ir().target, { dotEnv: options.dotEnv(), shell: options.shell }) }),
    "GET jobs": (req) => {
      const inbox = options.inbox();
      const queues = ir().jobs.queues.map((queue) => ({ queue: queue.queue, file: queue.file, binding: queueBindingName(queue.queue) }));
      const mail = inbox && { inbox: `${RESERVED_PREFIX}/inbox`, messages: inbox.list().map(({ id, receivedAt, from, to, subject }) => ({ id, receivedAt, from, to, subject })) };
      return { status: 200, body: { crons: options.triggers(`http://${req.headers.host}`), queues, canSend: bridge !== null, email: mail, runs: activity.jobs.map((run) => (run.kind === "queue" ? { ...run, name: queueOf(run.name, queues) } : run)) } };
    },
    "GET data": () => ({ status: 200, body: { ...dataBindings(ir()), available: data !== null } }),
    "POST open": async (_req, _url, body) => {
      const opened = await openInEditor(root, body as { file: string; line?: number; column?: number });
      return "opened" in opened ? { status: 200, body: opened } : { status: opened.status, body: { error: opened.error } };
    },
    "POST queues/send": async (_req, _url, body) => {
      const queue = ir().jobs.queues.find((entry) => entry.queue === body.queue);
      if (!queue) return { status: 404, body: { error: `no queues/ file consumes ${String(body.queue)}`, known: ir().jobs.queues.map((entry) => entry.queue) } };
      if (!bridge) return { status: 404, body: { error: "queues run on the edge target" } };
      await bridgeJson(await bridge.ask("queue-send", { binding: queueBindingName(queue.queue), body: body.body ?? null }));
      return { status: 202, body: { sent: queue.queue } };
    },
    "GET data/tables": () => data?.tables() ?? noData(),
    "GET data/rows": (_req, url) => data?.rows(url) ?? noData(),
    "POST data/query": (_req, url, body) => data?.query(url, body) ?? noData(),
    "GET data/kv": (_req, url) => data?.kvKeys(url) ?? noData(),
    "GET data/kv/value": (_req, url) => data?.kvValue(url) ?? noData(),
    "DELETE data/kv": (_req, url, body) => data?.kvDelete(url, body) ?? noData(),
    "GET data/r2": (_req, url) => data?.r2Objects(url) ?? noData(),
    "DELETE data/r2": (_req, url, body) => data?.r2Delete(url, body) ?? noData(),
  };
  return {
    handles: (pathname) => pathname.startsWith(API_PREFIX) || pathname === CLIENT_PATH,
    close: async () => {
      streams.closeAll();
      const opened = reader;
      reader = undefined;
      await (await opened?.catch(() => undefined))?.close();
    },
    page: dashboardPage,
    async answer(req, res, url) {
      if (url.pathname === CLIENT_PATH) return sendClient(res);
      const name = url.pathname.slice(API_PREFIX.length);
      if (name === "requests/stream" && req.method === "GET") return streams.open(req, res, url);
      if (name === "data/r2/object" && req.method === "GET" && data) return sendDownload(res, await data.r2Download(url), url.searchParams.get("key") ?? "object");
      const route = routes[`${req.method} ${name}`];
      if (!route) return sendJson(res, 404, { error: `no ${req.method} ${url.pathname}`, endpoints: Object.keys(routes).map((key) => key.replace(" ", ` ${API_PREFIX}`)) });
      const body = await readJsonBody(req);
      if ("error" in body) return sendJson(res, 400, body);
      const { status, body: answer } = await route(req, url, body.value);
      sendJson(res, status, answer);
    },
  };
}

/** A batch names its queue as deployed (`<worker>-<queue>`): the app's queue it is, the longest name that fits. */
function queueOf(deployed: string, queues: { queue: string }[]): string {
  const fitting = queues.map((entry) => entry.queue).filter((queue) => deployed === queue || deployed.endsWith(`-${queue}`));
  return fitting.sort((a, b) => b.length - a.length)[0] ?? deployed;
}

function sendClient(res: ServerResponse): void {
  if (!existsSync(CLIENT_FILE)) return send(res, 503, "text/plain; charset=utf-8", "The dashboard's client is not built: run npm run build in the sdk package.\n");
  send(res, 200, "text/javascript; charset=utf-8", readFileSync(CLIENT_FILE, "utf8"));
}

async function sendDownload(res: ServerResponse, response: Response, key: string): Promise<void> {
  const name = key.split("/").at(-1)!.replace(/[^\w.-]/g, "_") || "object";
  const headers: Record<string, string> = { "Content-Type": response.headers.get("content-type") ?? "application/octet-stream", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (response.ok) headers["Content-Disposition"] = `attachment; filename="${name}"`;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function readJsonBody(req: IncomingMessage): Promise<{ value: Record<string, unknown> } | { error: string }> {
  if (req.method === "GET" || req.method === "HEAD") return { value: {} };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { error: `the body is over ${MAX_BODY_BYTES} bytes` };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return { value: {} };
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? { value: value as Record<string, unknown> } : { error: "the body must be a JSON object" };
  } catch {
    return { error: "the body is not JSON" };
  }
}

function dashboardPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>sdk dev</title><link rel="icon" href="data:,"></head>
<body><div id="dashboard"></div><script type="module" src="${CLIENT_PATH}"></script></body></html>
`;
}
