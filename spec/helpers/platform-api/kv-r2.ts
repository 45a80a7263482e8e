/**
 * KV namespaces and R2 buckets, their data kept by the runtime's Miniflare under the namespace id
 * and bucket name, the keys a deployed worker's bindings use, so both sides see the same data.
 * Values and objects travel as raw bytes (no envelope) and a missing one answers 404.
 */
import { ApiError, CODE, cursorPaged, jsonBody, ok, paged, raw, type ApiRequest, type Platform, type Route } from "./http.ts";
import { newHexId, now } from "./state.ts";
import { STAND_IN_WORKER } from "./worker-options.ts";

/** What is used here of Miniflare's KV and R2 proxies, which Miniflare types with workers-types (not loaded in this repo). */
interface Kv {
  get(key: string, type: "arrayBuffer"): Promise<ArrayBuffer | null>;
  put(key: string, value: ArrayBuffer, options: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options: { prefix?: string; cursor?: string; limit?: number }): Promise<{ keys: { name: string; expiration?: number }[]; list_complete: boolean; cursor?: string }>;
}

interface R2Object {
  key: string;
  size: number;
  etag: string;
  uploaded: Date;
  httpMetadata?: { contentType?: string };
}

interface Bucket {
  get(key: string): Promise<(R2Object & { arrayBuffer(): Promise<ArrayBuffer> }) | null>;
  put(key: string, value: ArrayBuffer, options: { httpMetadata: { contentType?: string } }): Promise<R2Object>;
  delete(key: string): Promise<void>;
  list(options: { prefix?: string }): Promise<{ objects: R2Object[] }>;
}

const KV = "/accounts/:a/storage/kv/namespaces";
/** R2 objects are S3's, not the v4 API's; wrangler's r2/helpers/object.ts (`getR2Object`, `putR2Object`, `deleteR2Object`) still calls these paths. */
const R2_OBJECTS = "wrangler r2/helpers/object.ts";
const R2 = "/accounts/:a/r2/buckets";

/** Miniflare's proxy takes an ArrayBuffer of exactly the bytes, not a view into a larger one. */
const arrayBuffer = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer;

/** Miniflare's own refusals (a TTL under 60 s, a key too long) as the API's 400. */
async function storageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    throw new ApiError(400, CODE.invalidRequest, (cause as Error).message);
  }
}

export function kvRoutes({ state, runtime }: Platform): Route[] {
  const namespace = (request: ApiRequest): string => {
    if (!state.kv.has(request.params.id)) throw new ApiError(404, CODE.kvNamespaceNotFound, `namespace not found: ${request.params.id}`);
    return request.params.id;
  };
  const withKv = <T>(request: ApiRequest, use: (kv: Kv) => Promise<T>) => {
    const id = namespace(request);
    return runtime.data(async (mf) => use((await mf.getKVNamespace(id, STAND_IN_WORKER)) as unknown as Kv));
  };

  return [
    // Paged by `page`/`per_page`: 20 a page unless asked, at most 100 (the schema's bounds).
    { method: "GET", pattern: KV, handle: (request) => paged([...state.kv.values()], request.query, 20) },
    {
      method: "POST",
      pattern: KV,
      async handle(request) {
        const { title } = jsonBody<{ title?: unknown }>(request);
        if (typeof title !== "string" || !title) throw new ApiError(400, CODE.invalidRequest, "a namespace needs a title");
        if ([...state.kv.values()].some((entry) => entry.title === title)) throw new ApiError(400, CODE.kvTitleTaken, "a namespace with this account ID and title already exists");
        const created = { id: newHexId(), title };
        state.kv.set(created.id, created);
        await runtime.refresh();
        return ok(created);
      },
    },
    {
      method: "GET",
      pattern: `${KV}/:id/values/*key`,
      async handle(request) {
        const value = await withKv(request, (kv) => kv.get(request.params.key, "arrayBuffer"));
        if (value === null) throw new ApiError(404, CODE.kvKeyNotFound, "get: 'key not found'");
        return raw(new Uint8Array(value), { "content-type": "application/octet-stream" });
      },
    },
    {
      method: "PUT",
      pattern: `${KV}/:id/values/*key`,
      async handle(request) {
        const ttl = request.query.get("expiration_ttl");
        await withKv(request, (kv) => storageCall(() => kv.put(request.params.key, arrayBuffer(request.body), ttl ? { expirationTtl: Number(ttl) } : {})));
        return ok({});
      },
    },
    {
      method: "DELETE",
      pattern: `${KV}/:id/values/*key`,
      async handle(request) {
        await withKv(request, (kv) => kv.delete(request.params.key));
        return ok({});
      },
    },
    {
      method: "GET",
      pattern: `${KV}/:id/keys`,
      async handle(request) {
        const limit = request.query.get("limit");
        const listed = await withKv(request, (kv) =>
          storageCall(() => kv.list({ prefix: request.query.get("prefix") || undefined, cursor: request.query.get("cursor") || undefined, limit: limit ? Number(limit) : undefined })),
        );
        const keys = listed.keys.map((key) => ({ name: key.name, ...(key.expiration !== undefined && { expiration: key.expiration }) }));
        return ok(keys, 200, { cursor: listed.list_complete ? "" : listed.cursor, count: keys.length });
      },
    },
  ];
}

export function r2Routes({ state, runtime }: Platform): Route[] {
  const withBucket = <T>(request: ApiRequest, use: (bucket: Bucket) => Promise<T>) => {
    const name = request.params.bucket;
    if (!state.r2.has(name)) throw new ApiError(404, CODE.r2BucketNotFound, `The specified bucket does not exist: ${name}`);
    return runtime.data(async (mf) => use((await mf.getR2Bucket(name, STAND_IN_WORKER)) as unknown as Bucket));
  };

  return [
    // Paged by cursor, 20 buckets a page unless `per_page` says otherwise (at most 1000).
    { method: "GET", pattern: R2, handle: (request) => cursorPaged([...state.r2.values()], request.query, 20, (buckets) => ({ buckets })) },
    {
      method: "POST",
      pattern: R2,
      async handle(request) {
        const { name } = jsonBody<{ name?: unknown }>(request);
        if (typeof name !== "string" || !/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(name)) throw new ApiError(400, CODE.invalidRequest, `invalid bucket name ${String(name)}`);
        if (state.r2.has(name)) throw new ApiError(409, CODE.r2BucketTaken, "The bucket you tried to create already exists, and you own it.");
        const bucket = { name, creation_date: now() };
        state.r2.set(name, bucket);
        await runtime.refresh();
        return ok(bucket);
      },
    },
    {
      method: "GET",
      pattern: `${R2}/:bucket/objects`,
      outsideSchema: "the stand-in's own, for tests to read a bucket; not called by sdk",
      async handle(request) {
        const listed = await withBucket(request, (bucket) => bucket.list({ prefix: request.query.get("prefix") || undefined }));
        return ok(listed.objects.map((object) => ({ key: object.key, size: object.size, etag: object.etag, uploaded: object.uploaded })));
      },
    },
    {
      method: "GET",
      pattern: `${R2}/:bucket/objects/*key`,
      outsideSchema: R2_OBJECTS,
      async handle(request) {
        const object = await withBucket(request, async (bucket) => {
          const found = await bucket.get(request.params.key);
          return found && { bytes: new Uint8Array(await found.arrayBuffer()), contentType: found.httpMetadata?.contentType, etag: found.etag };
        });
        if (!object) throw new ApiError(404, CODE.r2KeyNotFound, "The specified key does not exist.");
        return raw(object.bytes, { "content-type": object.contentType ?? "application/octet-stream", etag: `"${object.etag}"` });
      },
    },
    {
      method: "PUT",
      pattern: `${R2}/:bucket/objects/*key`,
      outsideSchema: R2_OBJECTS,
      async handle(request) {
        const contentType = request.headers["content-type"];
        const stored = await withBucket(request, (bucket) => bucket.put(request.params.key, arrayBuffer(request.body), { httpMetadata: contentType ? { contentType } : {} }));
        return ok({ key: stored.key, size: stored.size, etag: stored.etag, uploaded: stored.uploaded });
      },
    },
    {
      method: "DELETE",
      pattern: `${R2}/:bucket/objects/*key`,
      outsideSchema: R2_OBJECTS,
      async handle(request) {
        await withBucket(request, (bucket) => bucket.delete(request.params.key));
        return ok({});
      },
    },
  ];
}
