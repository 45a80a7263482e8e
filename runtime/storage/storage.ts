/**
 * `sdk/storage` over any value with the R2 bucket binding's methods, so it can be tested against a
 * fake: the app's `storage` passes the worker's bucket binding in (runtime/storage/index.ts).
 */

export type StorageBody = string | ArrayBuffer | ArrayBufferView | ReadableStream | Blob | null;

/** The HTTP headers kept with an object and given back when it is served. */
export interface StorageHttpMetadata {
  contentType?: string;
  contentLanguage?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
  cacheExpiry?: Date;
}

export interface StorageObject {
  key: string;
  size: number;
  etag: string;
  /** The etag in quotes, as an `ETag` header carries it. */
  httpEtag: string;
  uploaded: Date;
  httpMetadata?: StorageHttpMetadata;
  customMetadata?: Record<string, string>;
  /** Sets the object's HTTP metadata as headers: Content-Type, Cache-Control, ... */
  writeHttpMetadata(headers: Headers): void;
}

export interface StorageObjectBody extends StorageObject {
  body: ReadableStream<Uint8Array>;
  bodyUsed: boolean;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  json<T = unknown>(): Promise<T>;
  blob(): Promise<Blob>;
}

export interface StoragePutOptions {
  httpMetadata?: StorageHttpMetadata | Headers;
  customMetadata?: Record<string, string>;
}

export interface StorageListOptions {
  prefix?: string;
  /** The `cursor` of the previous page. */
  cursor?: string;
  /** At most 1000 objects per page (the default). */
  limit?: number;
  /** Groups keys at this character (`/`) into `delimitedPrefixes`, as folders. */
  delimiter?: string;
  /** `["httpMetadata", "customMetadata"]` to list them too. */
  include?: ("httpMetadata" | "customMetadata")[];
}

export interface StorageList {
  objects: StorageObject[];
  delimitedPrefixes: string[];
  truncated: boolean;
  cursor?: string;
}

/** The part of the platform's R2 bucket binding `sdk/storage` uses. */
export interface StorageBucket {
  get(key: string): Promise<StorageObjectBody | null>;
  head(key: string): Promise<StorageObject | null>;
  put(key: string, value: StorageBody, options?: StoragePutOptions): Promise<StorageObject | null>;
  delete(keys: string | string[]): Promise<void>;
  list(options?: StorageListOptions): Promise<StorageList>;
}

export interface Storage {
  /** The object with its body, or null when the key does not exist. */
  get(key: string): Promise<StorageObjectBody | null>;
  /** The object's size, etag and metadata without its body, or null. */
  head(key: string): Promise<StorageObject | null>;
  put(key: string, body: StorageBody, options?: StoragePutOptions): Promise<StorageObject>;
  delete(keys: string | string[]): Promise<void>;
  list(options?: StorageListOptions): Promise<StorageList>;
  /** The object as a response a handler can return: its body, Content-Type and ETag; 404 when missing. */
  serve(key: string): Promise<Response>;
}

/** `bucket` is called at each use: the binding exists only inside the running worker. */
export function createStorage(bucket: () => StorageBucket): Storage {
  return {
    get: (key) => bucket().get(key),
    head: (key) => bucket().head(key),
    // R2 answers null only for a conditional put whose condition failed; sdk/storage sets none.
    put: async (key, body, options) => (await bucket().put(key, body, options))!,
    delete: (keys) => bucket().delete(keys),
    list: (options) => bucket().list(options),
    async serve(key) {
      const object = await bucket().get(key);
      if (!object) return Response.json({ error: "Not Found" }, { status: 404 });
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set("etag", object.httpEtag);
      headers.set("content-length", String(object.size));
      return new Response(object.body, { headers });
    },
  };
}
