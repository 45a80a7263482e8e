/**
 * `connect()`: a WebSocket to a `*.ws.ts` route (or any WebSocket server) that stays connected.
 * It reconnects after a close it did not ask for, with backoff; what is sent while it is not
 * connected waits in a bounded buffer and goes out in order once it is; messages are encoded
 * and decoded as the rooms do (runtime/ws/message.ts). Web-standard APIs only, so it runs in
 * browsers, on every server target and in workers.
 */
import { RECONNECT_DEFAULTS, reconnectDelay, type ReconnectOptions } from "./backoff.js";
import { webSocketUrl } from "./client-url.js";
import { decodeMessage, encodeMessage, type Frame } from "./message.js";

/** The part of the WebSocket API `connect()` uses: the browser's, undici's, `ws`'s, Bun's or Deno's. */
export interface WebSocketLike {
  readonly readyState: number;
  binaryType: string;
  send(frame: Frame): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "error", listener: (event: Event) => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string; wasClean: boolean }) => void): void;
}

export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export interface ConnectOptions {
  /** The app's origin (and path it is mounted under), needed outside a browser: `http://localhost:3000`. */
  baseUrl?: string | URL;
  protocols?: string | string[];
  /** The WebSocket class to use; default the global one (Node.js 20 has none: pass undici's or `ws`'s). */
  WebSocket?: WebSocketConstructor;
  /** `false`: a lost connection stays lost. */
  reconnect?: ReconnectOptions | false;
  /** Messages kept while not connected, default 100; `send` returns false for those beyond. */
  maxBufferedMessages?: number;
}

export type ConnectionState = "connecting" | "open" | "reconnecting" | "closed";

export interface CloseInfo {
  code: number;
  reason: string;
  wasClean: boolean;
  /** Another attempt is scheduled. */
  reconnecting: boolean;
}

interface Events<Incoming> {
  open: () => void;
  message: (message: Incoming) => void;
  close: (info: CloseInfo) => void;
  error: (event: Event) => void;
}

export interface WebSocketConnection<Incoming = unknown, Outgoing = unknown> {
  /** The ws: or wss: URL it connects to. */
  readonly url: string;
  readonly state: ConnectionState;
  /** `state === "open"`. */
  readonly connected: boolean;
  /**
   * Sends now when connected, else buffers until the next open. False when the message was not
   * taken: the buffer is full, or the connection was closed for good.
   */
  send(message: Outgoing): boolean;
  /** Closes for good: no reconnect, buffered messages are dropped. */
  close(code?: number, reason?: string): void;
  /** Adds a listener; the function returned removes it. `open` fires on every (re)connection. */
  on<E extends keyof Events<Incoming>>(event: E, listener: Events<Incoming>[E]): () => void;
}

const OPEN = 1;
const DEFAULT_MAX_BUFFERED = 100;

/** 4000-4999 are the codes an app closes with on purpose (a room turning a client away): no retry. */
function closedOnPurpose(code: number): boolean {
  return code >= 4000 && code <= 4999;
}

class ReconnectingWebSocket<Incoming, Outgoing> implements WebSocketConnection<Incoming, Outgoing> {
  readonly url: string;
  state: ConnectionState = "connecting";
  private socket: WebSocketLike | null = null;
  private readonly buffer: Frame[] = [];
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners: { [E in keyof Events<Incoming>]: Set<Events<Incoming>[E]> } = { open: new Set(), message: new Set(), close: new Set(), error: new Set() };
  private readonly WebSocketClass: WebSocketConstructor;
  private readonly reconnect: Required<ReconnectOptions> | null;
  private readonly maxBuffered: number;

  constructor(
    pathOrUrl: string,
    private readonly options: ConnectOptions,
  ) {
    this.url = webSocketUrl(pathOrUrl, options.baseUrl);
    const WebSocketClass = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (WebSocketClass === undefined) throw new TypeError("sdk/ws: this runtime has no global WebSocket: pass one, e.g. connect(path, { WebSocket }) with `import { WebSocket } from \"undici\"`");
    this.WebSocketClass = WebSocketClass;
    this.reconnect = options.reconnect === false ? null : { ...RECONNECT_DEFAULTS, ...options.reconnect };
    this.maxBuffered = options.maxBufferedMessages ?? DEFAULT_MAX_BUFFERED;
    this.open();
  }

  get connected(): boolean {
    return this.state === "open";
  }

  send(message: Outgoing): boolean {
    const frame = encodeMessage(message);
    if (this.state === "closed") return false;
    if (this.socket?.readyState === OPEN && this.buffer.length === 0) {
      this.socket.send(frame);
      return true;
    }
    if (this.buffer.length >= this.maxBuffered) return false;
    this.buffer.push(frame);
    return true;
  }

  close(code = 1000, reason = ""): void {
    if (this.state === "closed") return;
    this.state = "closed";
    this.buffer.length = 0;
    clearTimeout(this.timer);
    if (this.socket) {
      // Its close event tells the listeners.
      this.socket.close(code, reason);
    } else {
      this.emit("close", { code, reason, wasClean: true, reconnecting: false });
    }
  }

  on<E extends keyof Events<Incoming>>(event: E, listener: Events<Incoming>[E]): () => void {
    this.listeners[event].add(listener);
    return () => {
      this.listeners[event].delete(listener);
    };
  }

  private open(): void {
    const socket = new this.WebSocketClass(this.url, this.options.protocols);
    this.socket = socket;
    // Binary messages as ArrayBuffer, as the room gets them, rather than the browser's Blob.
    socket.binaryType = "arraybuffer";
    socket.addEventListener("open", () => {
      if (this.state === "closed") return;
      this.state = "open";
      this.attempt = 0;
      this.flush(socket);
      this.emit("open");
    });
    socket.addEventListener("message", (event) => this.emit("message", decodeMessage(event.data as string | ArrayBuffer) as Incoming));
    socket.addEventListener("error", (event) => this.emit("error", event));
    socket.addEventListener("close", ({ code, reason, wasClean }) => {
      this.socket = null;
      const reconnecting = this.state !== "closed" && this.scheduleReconnect(code);
      if (!reconnecting) {
        this.state = "closed";
        this.buffer.length = 0;
      }
      this.emit("close", { code, reason, wasClean, reconnecting });
    });
  }

  /** True when another attempt is scheduled. */
  private scheduleReconnect(code: number): boolean {
    if (this.reconnect === null || closedOnPurpose(code) || this.attempt >= this.reconnect.maxAttempts) return false;
    this.state = "reconnecting";
    const delay = reconnectDelay(this.attempt, this.reconnect, Math.random());
    this.attempt += 1;
    this.timer = setTimeout(() => this.open(), delay);
    return true;
  }

  private flush(socket: WebSocketLike): void {
    for (const frame of this.buffer.splice(0)) socket.send(frame);
  }

  private emit<E extends keyof Events<Incoming>>(event: E, ...args: Parameters<Events<Incoming>[E]>): void {
    for (const listener of this.listeners[event]) {
      try {
        (listener as (...values: unknown[]) => void)(...args);
      } catch (error) {
        // As an EventTarget does: the other listeners still run, the error is reported unhandled.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

/**
 * Opens a WebSocket to `pathOrUrl`: a path (`/chat/lobby`) against the page or `baseUrl`, or a
 * full http(s) or ws(s) URL. `Incoming` is what the server sends, `Outgoing` what `send` takes.
 */
export function connect<Incoming = unknown, Outgoing = unknown>(pathOrUrl: string, options: ConnectOptions = {}): WebSocketConnection<Incoming, Outgoing> {
  return new ReconnectingWebSocket<Incoming, Outgoing>(pathOrUrl, options);
}
