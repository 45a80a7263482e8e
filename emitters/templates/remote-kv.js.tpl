// A KV namespace binding of `sdk dev` in remote mode: the deployed namespace, through the
// platform's API. It has what `sdk/kv` and an app's own `env.KV` calls use: get (text, json,
// arrayBuffer or stream), getWithMetadata, put (with expiration and metadata), delete and list.
import { platformApi } from "sdk-remote:api";

// The API's code for a key the namespace does not have; a missing namespace is an error.
const KEY_NOT_FOUND = 10009;
const TYPES = ["text", "json", "arrayBuffer", "stream"];

export default function remoteKv(env) {
  const api = platformApi(env);
  const namespace = `/storage/kv/namespaces/${env.resource}`;
  const get = async (key, options) => {
    const type = (typeof options === "string" ? options : options?.type) ?? "text";
    if (!TYPES.includes(type)) throw new TypeError(`Unknown response type. Possible types are "text", "arrayBuffer", "json", and "stream".`);
    const response = await api.raw("GET", `${namespace}/values/${encodeURIComponent(key)}`, { missingCode: KEY_NOT_FOUND });
    if (response === null) return null;
    return type === "stream" ? response.body : response[type]();
  };

  return {
    get,
    async getWithMetadata(key, options) {
      const value = await get(key, options);
      if (value === null) return { value: null, metadata: null, cacheStatus: null };
      const response = await api.raw("GET", `${namespace}/metadata/${encodeURIComponent(key)}`, { missingCode: KEY_NOT_FOUND });
      const metadata = response === null ? null : (await response.json()).result ?? null;
      return { value, metadata, cacheStatus: null };
    },
    async put(key, value, options = {}) {
      const bytes = await new Response(value).arrayBuffer();
      // With metadata the API takes a form of the value and the metadata; without, the bare value.
      const body = options.metadata === undefined ? bytes : valueWithMetadata(bytes, options.metadata);
      await api.call("PUT", `${namespace}/values/${encodeURIComponent(key)}`, {
        body,
        query: { expiration: options.expiration, expiration_ttl: options.expirationTtl },
      });
    },
    async delete(key) {
      await api.call("DELETE", `${namespace}/values/${encodeURIComponent(key)}`);
    },
    async list(options = {}) {
      const { result, result_info: info } = await api.call("GET", `${namespace}/keys`, {
        query: { prefix: options.prefix, cursor: options.cursor, limit: options.limit },
      });
      const keys = result.map(({ name, expiration, metadata }) => ({ name, ...(expiration !== undefined && { expiration }), ...(metadata !== undefined && { metadata }) }));
      // An empty cursor is the last page, as the binding's `list_complete` says it.
      return info?.cursor ? { keys, list_complete: false, cursor: info.cursor, cacheStatus: null } : { keys, list_complete: true, cacheStatus: null };
    },
  };
}

function valueWithMetadata(bytes, metadata) {
  const form = new FormData();
  form.append("value", new Blob([bytes]));
  form.append("metadata", JSON.stringify(metadata));
  return form;
}
