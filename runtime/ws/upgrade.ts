/**
 * A `*.ws.ts` route's entry in the route table: its GET handler hands the upgrade to the room of
 * the route parameters, an instance of the route's durable-state class. As an ordinary route it
 * runs after the app's middleware, which may answer first (auth) or add headers to the 101.
 */
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { Handler } from "../index.js";
import { encodeRoomHeader, ROOM_HEADER, roomName } from "./room-address.js";

/** The part of a durable object namespace binding the upgrade uses. */
interface RoomNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

type UpgradeResponseInit = ResponseInit & { webSocket: WebSocket | null };

export function webSocketUpgrade(binding: string): Handler<Response> {
  return { kind: "handler", fn: (c) => upgrade(c, binding) };
}

async function upgrade(c: Context, binding: string): Promise<Response> {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "Upgrade Required" }, 426, { Upgrade: "websocket" });
  }
  const namespace = (c.env as Record<string, unknown> | undefined)?.[binding] as RoomNamespace | undefined;
  if (namespace === undefined) throw new Error(`the durable object binding ${binding} is missing from the worker's env (wrangler.json durable_objects.bindings)`);
  const params = c.req.param() as Record<string, string>;
  const name = roomName(routePath(c), params);
  const headers = new Headers(c.req.raw.headers);
  headers.set(ROOM_HEADER, encodeRoomHeader({ name, params }));
  const answer = await namespace.get(namespace.idFromName(name)).fetch(new Request(c.req.raw, { headers }));
  // A response from another instance has immutable headers: answer with a copy, so middleware
  // can still add its own after `next()`.
  const webSocket = (answer as Response & { webSocket?: WebSocket | null }).webSocket ?? null;
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers, webSocket } as UpgradeResponseInit);
}
