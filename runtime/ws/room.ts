/// <reference path="../platform/cloudflare-workers.d.ts" />
/**
 * The durable-state class of a `*.ws.ts` route, as the generated `durable-state.ts` exports it:
 *
 *   export const ChatRoomWebSocket = webSocketRoomClass(socket0, "WS_CHAT_ROOM", "routes/chat/[room].ws.ts");
 *
 * One instance per room. It accepts its sockets through the Hibernation API (`acceptWebSocket`),
 * so workerd delivers their events to the methods below and may evict the instance between
 * them; runtime/ws/hibernating-room.ts does the rest. Edge only: this is the one `sdk/ws` module
 * that imports `cloudflare:workers`.
 */
import { DurableObject, type HibernatableWebSocket } from "cloudflare:workers";
import type { AnyWebSocketDefinition } from "./define.js";
import { HibernatingRoom } from "./hibernating-room.js";
import { decodeRoomHeader, ROOM_HEADER } from "./room-address.js";

/** workerd's globals for the upgrade, which no web standard has. */
interface WorkerdGlobals {
  WebSocketPair: new () => { 0: WebSocket; 1: HibernatableWebSocket };
}
type UpgradeResponseInit = ResponseInit & { webSocket: WebSocket };

/**
 * A durable-state class, which only the platform constructs (with the instance's state and the
 * env). Declared without workerd's types, so this module's declarations resolve anywhere.
 */
export type WebSocketRoomClass = new (state: never, env: never) => object;

export function webSocketRoomClass(definition: AnyWebSocketDefinition, binding: string, file: string): WebSocketRoomClass {
  assertDefinition(definition, file);
  return class WebSocketRoom extends DurableObject {
    readonly #room = new HibernatingRoom(definition, this.ctx, this.env, file);

    async fetch(request: Request): Promise<Response> {
      const room = decodeRoomHeader(request.headers.get(ROOM_HEADER));
      if (room === null || request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
        return new Response(`${binding} is reached through the WebSocket upgrade of ${file}'s route.`, { status: 400 });
      }
      const { 0: client, 1: server } = new (globalThis as unknown as WorkerdGlobals).WebSocketPair();
      await this.#room.accept(server, room, withoutRoomHeader(request));
      return new Response(null, { status: 101, webSocket: client } as UpgradeResponseInit);
    }

    webSocketMessage(socket: HibernatableWebSocket, message: string | ArrayBuffer): Promise<void> {
      return this.#room.message(socket, message);
    }

    webSocketClose(socket: HibernatableWebSocket, code: number, reason: string): Promise<void> {
      return this.#room.close(socket, code, reason);
    }

    webSocketError(socket: HibernatableWebSocket, error: unknown): Promise<void> {
      return this.#room.error(socket, error);
    }
  };
}

/** `connect` sees the request as the client sent it. */
function withoutRoomHeader(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete(ROOM_HEADER);
  return new Request(request, { headers });
}

/** The compiler reports a `.ws.ts` file without one; this guards hand-written or ejected modules. */
function assertDefinition(definition: unknown, file: string): void {
  const candidate = definition as { kind?: unknown; hooks?: unknown } | null | undefined;
  if (candidate?.kind === "websocket" && typeof candidate.hooks === "object" && candidate.hooks !== null) return;
  throw new TypeError(`${file}: the default export is not a defineWebSocket() result. Wrap it: export default defineWebSocket({ connect, message, close })`);
}
