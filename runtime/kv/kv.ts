/**
 * `sdk/kv` over any value with the Workers KV binding's methods, so it can be tested against a
 * fake: the app's `kv` passes the worker's KV binding in (runtime/kv/index.ts).
 */

export type KvValue = string | ArrayBuffer | ArrayBufferView | ReadableStream;

export interface KvPutOptions {
  /** Seconds from now until the key expires (at least 60). */
  expirationTtl?: number;
  /** Seconds since the epoch at which the key expires. */
  expiration?: number;
  /** Up to 1024 bytes of JSON, returned by `list()` and `getWithMetadata()`. */
  metadata?: unknown;
}

export interface KvListOptions {
  prefix?: string;
  /** The `cursor` of the previous page. */
  cursor?: string;
  /** At most 1000 keys per page (the default). */
  limit?: number;
}

export interface KvKey<Metadata = unknown> {
  name: string;
  expiration?: number;
  metadata?: Metadata;
}

export type KvListResult<Metadata = unknown> =
  | { keys: KvKey<Metadata>[]; list_complete: false; cursor: string }
  | { keys: KvKey<Metadata>[]; list_complete: true; cursor?: undefined };

export interface KvTypes<Json> {
  text: string;
  json: Json;
  arrayBuffer: ArrayBuffer;
  stream: ReadableStream<Uint8Array>;
}

export type KvType = keyof KvTypes<unknown>;

/** The part of the platform's KV namespace binding `sdk/kv` uses. */
export interface KvNamespace {
  get(key: string, options: { type: KvType }): Promise<unknown>;
  getWithMetadata(key: string, options: { type: KvType }): Promise<{ value: unknown; metadata: unknown }>;
  put(key: string, value: KvValue, options?: KvPutOptions): Promise<void>;
  delete(key: string): Promise<void>;
  list(options?: KvListOptions): Promise<KvListResult>;
}

export interface Kv {
  /** The value as text (or the `type` asked for), or null when the key does not exist. */
  get(key: string): Promise<string | null>;
  get<Type extends KvType, Json = unknown>(key: string, type: Type): Promise<KvTypes<Json>[Type] | null>;
  getJSON<T = unknown>(key: string): Promise<T | null>;
  getWithMetadata<Metadata = unknown, Type extends KvType = "text">(key: string, type?: Type): Promise<{ value: KvTypes<unknown>[Type] | null; metadata: Metadata | null }>;
  put(key: string, value: KvValue, options?: KvPutOptions): Promise<void>;
  /** Stores `JSON.stringify(value)`; read it back with `getJSON()`. */
  putJSON(key: string, value: unknown, options?: KvPutOptions): Promise<void>;
  delete(key: string): Promise<void>;
  /** One page of keys in lexicographic order; pass `cursor` on until `list_complete`. */
  list<Metadata = unknown>(options?: KvListOptions): Promise<KvListResult<Metadata>>;
}

/** `namespace` is called at each use: the binding exists only inside the running worker. */
export function createKv(namespace: () => KvNamespace): Kv {
  return {
    get: (key: string, type: KvType = "text") => namespace().get(key, { type }) as Promise<never>,
    getJSON: (key) => namespace().get(key, { type: "json" }) as Promise<never>,
    getWithMetadata: (key: string, type: KvType = "text") => namespace().getWithMetadata(key, { type }) as Promise<never>,
    put: (key, value, options) => namespace().put(key, value, options),
    putJSON: (key, value, options) => namespace().put(key, JSON.stringify(value), options),
    delete: (key) => namespace().delete(key),
    list: (options) => namespace().list(options) as Promise<never>,
  };
}
