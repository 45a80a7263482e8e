/**
 * `sdk/ws`: `defineWebSocket()` for `routes/**\/*.ws.ts` rooms and `connect()` for their clients.
 * Importable on every target and in browsers: the edge-only room class lives in
 * runtime/ws/room.ts, which only the generated worker imports.
 */
export { defineWebSocket } from "./define.js";
export type { BroadcastOptions, ConnectContext, RoomContext, RoomInfo, RoomSocket, RoomStorage, WebSocketDefinition, WebSocketHooks } from "./define.js";
export { connect } from "./client.js";
export type { CloseInfo, ConnectionState, ConnectOptions, WebSocketConnection, WebSocketConstructor, WebSocketLike } from "./client.js";
export type { ReconnectOptions } from "./backoff.js";
