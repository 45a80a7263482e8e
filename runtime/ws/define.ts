/**
 * What a `routes/**\/*.ws.ts` file default-exports: `defineWebSocket({ connect, message, close,
 * error })`. Each route is one durable-state class; each set of route parameters one room, an
 * instance of it, that every connection with those parameters joins.
 */

/** One connection to a room, as its hooks see it. */
export interface RoomSocket<Data = unknown> {
  /** Stable for the connection's life, across hibernation. */
  readonly id: string;
  /**
   * This connection's own data: what `connect` returned, or what a hook assigned. It survives
   * hibernation (workerd keeps it beside the socket), so assign a new value to change it: a
   * change made inside the object is not kept.
   */
  data: Data;
  /** A string goes as text, binary data as a binary frame, anything else as JSON. */
  send(message: unknown): void;
  close(code?: number, reason?: string): void;
}

/** The room: one instance per set of route parameters. */
export interface RoomInfo {
  /** The route's path with the parameters filled in, e.g. `/chat/lobby`; it names the instance. */
  readonly name: string;
  /** The route parameters, e.g. `{ room: "lobby" }` for `routes/chat/[room].ws.ts`. */
  readonly params: Readonly<Record<string, string>>;
}

/** The room's own storage (Cloudflare's durable-object storage): it outlives hibernation and restarts. */
export interface RoomStorage {
  get<T = unknown>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  list<T = unknown>(options?: { prefix?: string; limit?: number }): Promise<Map<string, T>>;
}

export interface BroadcastOptions<Data> {
  /** Connections that do not get the message, typically the sender. */
  except?: RoomSocket<Data> | readonly RoomSocket<Data>[];
}

export interface RoomContext<Data = unknown> {
  readonly room: RoomInfo;
  /** Sends to every connection in the room, encoded once as `send` encodes. */
  broadcast(message: unknown, options?: BroadcastOptions<Data>): void;
  /** The connections in the room: those whose `connect` has returned without closing them. */
  connections(): RoomSocket<Data>[];
  readonly storage: RoomStorage;
  /** The worker's bindings and vars. */
  readonly env: Readonly<Record<string, unknown>>;
}

/** In `connect`, other connections' data is unknown, so that `Data` can be inferred from what it returns. */
export interface ConnectContext extends RoomContext<unknown> {
  /** The upgrade request: its URL (query string), headers and cookies. */
  readonly request: Request;
}

export interface WebSocketHooks<Message = unknown, Data = unknown> {
  /**
   * A client connects. What it returns becomes `socket.data` (and its type that of `socket.data`
   * in the other hooks); `socket.close(code, reason)` turns the client away (it sees the code and
   * reason), and then no other hook runs for it. The connection joins the room when this returns.
   */
  connect?(socket: RoomSocket<undefined>, ctx: ConnectContext): Data | undefined | Promise<Data | undefined>;
  /** A message from a client: text that is JSON parsed, other text a string, binary an ArrayBuffer. */
  message?(socket: RoomSocket<Data>, message: Message, ctx: RoomContext<Data>): void | Promise<void>;
  /** A connection that joined is gone, whichever side closed it. */
  close?(socket: RoomSocket<Data>, code: number, reason: string, ctx: RoomContext<Data>): void | Promise<void>;
  /** The connection failed (workerd's `webSocketError`). */
  error?(socket: RoomSocket<Data>, error: unknown, ctx: RoomContext<Data>): void | Promise<void>;
}

export interface WebSocketDefinition<Message = unknown, Data = unknown> {
  readonly kind: "websocket";
  readonly hooks: WebSocketHooks<Message, Data>;
}

/** Any definition, whatever its types: what the room class takes (it sees messages and data as unknown). */
export interface AnyWebSocketDefinition {
  readonly kind: "websocket";
  readonly hooks: object;
}

/**
 * `Message` is what clients send, as parsed (not checked: validate it before trusting it);
 * `Data` is each connection's `socket.data`, inferred from what `connect` returns.
 */
export function defineWebSocket<Message = unknown, Data = undefined>(hooks: WebSocketHooks<Message, Data>): WebSocketDefinition<Message, Data> {
  return { kind: "websocket", hooks };
}
