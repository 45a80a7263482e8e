/** The part of workerd's `cloudflare:workers` module the runtime uses. */
declare module "cloudflare:workers" {
  /** The worker's bindings, readable outside the handler that received them. */
  export const env: Record<string, unknown>;

  /** The base of a durable-state class: workerd constructs each instance with its state and the env. */
  export abstract class DurableObject {
    protected readonly ctx: DurableObjectState;
    protected readonly env: Record<string, unknown>;
    constructor(ctx: DurableObjectState, env: Record<string, unknown>);
  }

  /** An instance's state: its storage and the WebSockets it holds through hibernation. */
  export interface DurableObjectState {
    /** `name` is set for an instance reached through `getByName()` / `idFromName()`. */
    readonly id: { toString(): string; readonly name?: string };
    readonly storage: DurableObjectStorage;
    /** Holds every event back until `work` settles: used to load the state before the first call. */
    blockConcurrencyWhile<T>(work: () => Promise<T>): Promise<T>;
    waitUntil(promise: Promise<unknown>): void;
    acceptWebSocket(socket: HibernatableWebSocket, tags?: string[]): void;
    getWebSockets(tag?: string): HibernatableWebSocket[];
  }

  /** The key-value part of an instance's storage. */
  export interface DurableObjectStorage {
    get<T = unknown>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    delete(key: string): Promise<boolean>;
    list<T = unknown>(options?: { prefix?: string; limit?: number }): Promise<Map<string, T>>;
    setAlarm(scheduledTime: number | Date): Promise<void>;
    deleteAlarm(): Promise<void>;
  }

  /** A WebSocket an instance accepted: a small value kept beside it survives hibernation. */
  export interface HibernatableWebSocket extends WebSocket {
    /** The standard API: the worker itself handles the socket's events, with no hibernation. */
    accept(): void;
    serializeAttachment(value: unknown): void;
    deserializeAttachment(): unknown;
  }
}
