/**
 * `sdk dev` on the edge: the dashboard's way into the worker's bindings (D1, KV, R2, queue
 * producers), which live in workerd, not in the dev server. The dev server calls
 * `POST /__sdk/bridge/<operation>` with the token it gave the worker as a var for this session
 * only (cli/dev/edge-runtime.ts); any other request, with a wrong token or none, goes to the app
 * as if the bridge did not exist. It checks nothing else: the dev server decides what may be
 * asked (loopback, same-site, read-only SQL, confirmed writes) before it asks.
 */
import type { Worker, WorkerEnv } from "../adapters/edge.js";

export const BRIDGE_PREFIX = "/__sdk/bridge/";
export const BRIDGE_TOKEN_VAR = "SDK_DEV_BRIDGE_TOKEN";
export const BRIDGE_TOKEN_HEADER = "x-sdk-dev-bridge";

interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  all(): Promise<{ results: Record<string, unknown>[] }>;
}
interface D1 {
  prepare(sql: string): D1Statement;
}
interface Kv {
  list(options: { prefix?: string; cursor?: string; limit?: number }): Promise<{ keys: { name: string; expiration?: number }[]; list_complete: boolean; cursor?: string }>;
  get(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
}
interface R2Object {
  key: string;
  size: number;
  uploaded: Date;
  httpMetadata?: { contentType?: string };
}
interface R2 {
  list(options: { prefix?: string; cursor?: string; limit?: number }): Promise<{ objects: R2Object[]; truncated: boolean; cursor?: string }>;
  get(key: string): Promise<(R2Object & { body: ReadableStream }) | null>;
  delete(key: string): Promise<void>;
}
interface Producer {
  send(body: unknown): Promise<void>;
}

type Ask = { binding: string } & Record<string, unknown>;
type Operation = (env: WorkerEnv, ask: Ask) => Promise<Response>;

const json = (body: unknown, status = 200) => Response.json(body, { status });

const OPERATIONS: Record<string, Operation> = {
  async "d1-query"(env, { binding, sql, params }) {
    const { results } = await (env[binding] as D1).prepare(sql as string).bind(...((params as unknown[]) ?? [])).all();
    return json({ rows: results });
  },
  async "kv-list"(env, { binding, prefix, cursor }) {
    const page = await (env[binding] as Kv).list({ prefix: prefix as string | undefined, cursor: cursor as string | undefined, limit: 100 });
    return json({ keys: page.keys, cursor: page.list_complete ? null : page.cursor });
  },
  async "kv-get"(env, { binding, key }) {
    return json({ value: await (env[binding] as Kv).get(key as string) });
  },
  async "kv-delete"(env, { binding, key }) {
    await (env[binding] as Kv).delete(key as string);
    return json({ deleted: key });
  },
  async "r2-list"(env, { binding, prefix, cursor }) {
    const page = await (env[binding] as R2).list({ prefix: prefix as string | undefined, cursor: cursor as string | undefined, limit: 100 });
    const objects = page.objects.map((object) => ({ key: object.key, size: object.size, uploaded: object.uploaded.toISOString() }));
    return json({ objects, cursor: page.truncated ? page.cursor : null });
  },
  async "r2-get"(env, { binding, key }) {
    const object = await (env[binding] as R2).get(key as string);
    if (!object) return json({ error: `no object ${key as string}` }, 404);
    return new Response(object.body, { headers: { "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream" } });
  },
  async "r2-delete"(env, { binding, key }) {
    await (env[binding] as R2).delete(key as string);
    return json({ deleted: key });
  },
  async "queue-send"(env, { binding, body }) {
    await (env[binding] as Producer).send(body);
    return json({ sent: true });
  },
};

export function withDashboardBridge(worker: Worker): Worker {
  return {
    ...worker,
    fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      const token = env[BRIDGE_TOKEN_VAR];
      const name = pathname.startsWith(BRIDGE_PREFIX) ? pathname.slice(BRIDGE_PREFIX.length) : "";
      // Own keys only: `constructor` or `toString` is no operation.
      const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
      if (!operation || request.method !== "POST" || typeof token !== "string" || token.length < 32 || request.headers.get(BRIDGE_TOKEN_HEADER) !== token) return worker.fetch(request, env, ctx);
      return request.json().then(
        (ask) => operation(env, ask as Ask),
      ).catch((error: unknown) => json({ error: error instanceof Error ? error.message : String(error) }, 400));
    },
  };
}
