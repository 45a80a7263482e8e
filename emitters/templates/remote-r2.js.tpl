// An R2 bucket binding of `sdk dev` in remote mode: the deployed bucket, through the platform's
// API. It has what `sdk/storage` and an app's own `env.STORAGE` calls use: get, head, put, delete
// and list. The API keeps an object's bytes and content type; custom metadata, ranges and
// conditional requests it cannot carry are refused, not dropped.
import { platformApi } from "sdk-remote:api";

// The API's code for a key the bucket does not have; a missing bucket is an error.
const NO_SUCH_KEY = 10007;

export default function remoteR2(env) {
  const api = platformApi(env);
  const objects = `/r2/buckets/${encodeURIComponent(env.resource)}/objects`;
  const objectPath = (key) => `${objects}/${encodeURIComponent(key)}`;
  const refuse = (what) => {
    throw new Error(`${env.description}: ${what} cannot go through the platform's API in sdk dev's remote mode; use it without remote mode`);
  };

  // The object and its bytes, or null: the API has no HEAD, so a head reads the bytes too.
  const read = async (key) => {
    const response = await api.raw("GET", objectPath(key), { missingCode: NO_SUCH_KEY });
    if (response === null) return null;
    const bytes = await response.arrayBuffer();
    const { headers } = response;
    return { bytes, object: storedObject({ key, size: bytes.byteLength, etag: headers.get("etag"), uploaded: headers.get("last-modified"), contentType: headers.get("content-type") }) };
  };

  return {
    async get(key, options = {}) {
      if (options.range !== undefined) refuse("a ranged get");
      if (options.onlyIf !== undefined) refuse("a conditional get (onlyIf)");
      const found = await read(key);
      return found && withBody(found.object, found.bytes);
    },
    async head(key) {
      return (await read(key))?.object ?? null;
    },
    async put(key, value, options = {}) {
      if (options.customMetadata && Object.keys(options.customMetadata).length) refuse("custom metadata");
      if (options.onlyIf !== undefined) refuse("a conditional put (onlyIf)");
      const contentType = options.httpMetadata instanceof Headers ? options.httpMetadata.get("content-type") : options.httpMetadata?.contentType;
      const bytes = await new Response(value).arrayBuffer();
      const { result } = await api.call("PUT", objectPath(key), { body: bytes, headers: contentType ? { "content-type": contentType } : {} });
      return storedObject({ key, size: result.size ?? bytes.byteLength, etag: result.etag, uploaded: result.uploaded, contentType });
    },
    async delete(keys) {
      for (const key of [keys].flat()) await api.call("DELETE", objectPath(key));
    },
    async list(options = {}) {
      const { result, result_info: info } = await api.call("GET", objects, {
        query: { prefix: options.prefix, cursor: options.cursor, delimiter: options.delimiter, per_page: options.limit },
      });
      const listed = result.map((entry) => storedObject({ ...entry, contentType: entry.http_metadata?.contentType }));
      const truncated = Boolean(info?.is_truncated);
      return { objects: listed, delimitedPrefixes: info?.delimited ?? [], truncated, ...(truncated && { cursor: info.cursor }) };
    },
  };
}

// An R2Object's fields from what the API answers; its etag may come quoted, as a header carries it.
function storedObject({ key, size, etag, uploaded, contentType }) {
  const bare = String(etag ?? "").replace(/^"|"$/g, "");
  const httpMetadata = contentType ? { contentType } : {};
  return {
    key,
    version: bare,
    size,
    etag: bare,
    httpEtag: `"${bare}"`,
    uploaded: uploaded ? new Date(uploaded) : new Date(),
    httpMetadata,
    customMetadata: {},
    checksums: {},
    storageClass: "Standard",
    writeHttpMetadata(headers) {
      if (httpMetadata.contentType) headers.set("content-type", httpMetadata.contentType);
    },
  };
}

function withBody(object, bytes) {
  const response = new Response(bytes);
  return {
    ...object,
    get body() {
      return response.body;
    },
    get bodyUsed() {
      return response.bodyUsed;
    },
    arrayBuffer: () => response.arrayBuffer(),
    bytes: async () => new Uint8Array(await response.arrayBuffer()),
    text: () => response.text(),
    json: () => response.json(),
    blob: () => response.blob(),
  };
}
