/**
 * A room's behaviour, apart from workerd's class machinery (runtime/ws/room.ts wires it to a
 * durable object), so it runs in tests against a stand-in state. Through the Hibernation API the
 * instance may leave memory between two events while its sockets stay connected: nothing here
 * lives in fields; each connection's id, room and data ride on its socket's attachment.
 */
import type { AnyWebSocketDefinition, ConnectContext, RoomContext, RoomInfo, RoomSocket, RoomStorage, WebSocketHooks } from "./define.js";
import { decodeMessage, encodeMessage, type Frame } from "./message.js";

const OPEN = 1;

/** The server end of a WebSocketPair. */
export interface HibernatableSocket {
  readonly readyState: number;
  /** The standard API's accept, for a client turned away (see `HibernatingRoom.turnAway`). */
  accept(): void;
  send(frame: Frame): void;
  close(code?: number, reason?: string): void;
  serializeAttachment(value: unknown): void;
  deserializeAttachment(): unknown;
}

/** What the room needs of workerd's DurableObjectState. */
export interface RoomState<Socket extends HibernatableSocket> {
  readonly storage: RoomStorage;
  acceptWebSocket(socket: Socket): void;
  getWebSockets(): Socket[];
}

/** Kept on each socket the room holds: the instance may have forgotten everything else since. */
interface Attachment {
  id: string;
  room: RoomInfo;
  data: unknown;
}

type Hooks = WebSocketHooks<unknown, unknown>;

/** Close codes a peer may report but no endpoint may send: the reply uses a normal close instead. */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

/** A connection in the room: its socket is held through hibernation. */
class Connection implements RoomSocket<unknown> {
  constructor(
    readonly socket: HibernatableSocket,
    private attachment: Attachment,
  ) {}

  get id(): string {
    return this.attachment.id;
  }

  get room(): RoomInfo {
    return this.attachment.room;
  }

  get data(): unknown {
    return this.attachment.data;
  }

  set data(data: unknown) {
    this.attachment = { ...this.attachment, data };
    this.socket.serializeAttachment(this.attachment);
  }

  send(message: unknown): void {
    this.socket.send(encodeMessage(message));
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }
}

/** A client whose `connect` is running: not in the room yet, so what it is sent waits. */
class Arrival implements RoomSocket<unknown> {
  readonly frames: Frame[] = [];
  data: unknown = undefined;
  turnedAway: { code?: number; reason?: string } | null = null;

  constructor(readonly id: string) {}

  send(message: unknown): void {
    if (this.turnedAway) throw new TypeError("cannot send to a client connect has closed");
    this.frames.push(encodeMessage(message));
  }

  close(code?: number, reason?: string): void {
    this.turnedAway ??= { code, reason };
  }
}

function connectionOf(socket: HibernatableSocket): Connection {
  return new Connection(socket, socket.deserializeAttachment() as Attachment);
}

export class HibernatingRoom<Socket extends HibernatableSocket> {
  private readonly hooks: Hooks;

  /** `file` names the route in logs, e.g. `routes/chat/[room].ws.ts`. */
  constructor(
    definition: AnyWebSocketDefinition,
    private readonly state: RoomState<Socket>,
    private readonly env: Readonly<Record<string, unknown>>,
    private readonly file: string,
  ) {
    this.hooks = definition.hooks as Hooks;
  }

  /**
   * Runs `connect` for the server end of a new connection, then lets it into `room` or turns it
   * away. The client's upgrade is answered when this returns, so it cannot send before `connect`
   * has decided.
   */
  async accept(socket: Socket, room: RoomInfo, request: Request): Promise<void> {
    const arrival = new Arrival(crypto.randomUUID());
    const { connect } = this.hooks;
    if (connect) {
      const context: ConnectContext = { ...this.context(room), request };
      const ran = await this.run("connect", async () => {
        // Its data is still undefined: what connect returns sets it.
        const data = await connect(arrival as RoomSocket<undefined>, context);
        if (data !== undefined) arrival.data = data;
      });
      if (!ran) return this.turnAway(socket, [], { code: 1011, reason: "Internal Error" });
      if (arrival.turnedAway) return this.turnAway(socket, arrival.frames, arrival.turnedAway);
    }
    socket.serializeAttachment({ id: arrival.id, room, data: arrival.data } satisfies Attachment);
    this.state.acceptWebSocket(socket);
    for (const frame of arrival.frames) socket.send(frame);
  }

  async message(socket: Socket, frame: string | ArrayBuffer): Promise<void> {
    const { message } = this.hooks;
    if (!message) return;
    const connection = connectionOf(socket);
    await this.run("message", () => message(connection, decodeMessage(frame), this.context(connection.room)));
  }

  async close(socket: Socket, code: number, reason: string): Promise<void> {
    const { close } = this.hooks;
    try {
      if (close) {
        const connection = connectionOf(socket);
        await this.run("close", () => close(connection, code, reason, this.context(connection.room, connection)));
      }
    } finally {
      // The Hibernation API does not answer a client's close frame itself: without this reply the
      // client would wait in CLOSING and then report an abnormal close. Closing a socket that is
      // already closed does nothing.
      socket.close(RESERVED_CLOSE_CODES.has(code) ? 1000 : code, reason);
    }
  }

  async error(socket: Socket, error: unknown): Promise<void> {
    const hook = this.hooks.error;
    if (!hook) {
      console.error(`[sdk] ${this.file}: a WebSocket failed:`, error);
      return;
    }
    const connection = connectionOf(socket);
    await this.run("error", () => hook(connection, error, this.context(connection.room)));
  }

  /**
   * A client `connect` closed (or that met a `connect` that threw) gets what it was sent and the
   * close, through the standard API: workerd keeps the TCP connection of a hibernatable socket
   * closed before its first event open for seconds after the closing handshake.
   */
  private turnAway(socket: Socket, frames: readonly Frame[], { code, reason }: { code?: number; reason?: string }): void {
    socket.accept();
    for (const frame of frames) socket.send(frame);
    socket.close(code, reason);
  }

  /** `leaving`: the connection whose close is being handled, no longer in the room. */
  private context(room: RoomInfo, leaving?: Connection): RoomContext {
    const connections = (): Connection[] =>
      this.state
        .getWebSockets()
        .filter((socket) => socket.readyState === OPEN)
        .map(connectionOf)
        .filter((connection) => connection.id !== leaving?.id);
    return {
      room,
      storage: this.state.storage,
      env: this.env,
      connections,
      broadcast: (message, options = {}) => {
        const frame = encodeMessage(message);
        const except = new Set([options.except ?? []].flat().map((socket) => socket.id));
        for (const connection of connections()) {
          if (except.has(connection.id)) continue;
          try {
            connection.socket.send(frame);
          } catch (error) {
            // One socket that has just gone must not keep the message from the others.
            console.error(`[sdk] ${this.file}: broadcast to a connection failed:`, error);
          }
        }
      },
    };
  }

  /** Runs a hook; an error is logged with the route's file and the room lives on. False when it threw. */
  private async run(hook: keyof Hooks, call: () => unknown): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (error) {
      console.error(`[sdk] ${this.file} ${hook} threw:`, error);
      return false;
    }
  }
}
