/**
 * A wrangler file's legacy fields (compiler/config/edge-legacy.ts), converted where the meaning
 * carries over and dropped with the reason where it does not, so `sdk migrate` turns an old
 * wrangler file into a config the build takes instead of one it refuses.
 */
import { legacyEdgeFields } from "../../compiler/config/edge-legacy.js";

type Json = Record<string, unknown>;

export interface LegacyConversion {
  edge: Json;
  /** Compatibility flags the worker needs (`nodejs_compat` for `node_compat`). */
  flags: string[];
  /** `type (is wrangler 1's project type …)`: each field dropped and why. */
  dropped: string[];
  /** `kv-namespaces became kv_namespaces`. */
  changed: string[];
}

export function convertLegacyEdge(fields: Json): LegacyConversion {
  const edge: Json = { ...fields };
  const result: LegacyConversion = { edge, flags: [], dropped: [], changed: [] };
  for (const { field, predicate } of legacyEdgeFields(fields)) {
    const value = edge[field];
    delete edge[field];
    if (field === "kv-namespaces") {
      edge.kv_namespaces = [...(Array.isArray(edge.kv_namespaces) ? edge.kv_namespaces : []), ...(Array.isArray(value) ? value : [])];
      result.changed.push("kv-namespaces became kv_namespaces");
    } else if (field === "durable_objects") {
      edge.durable_objects = { bindings: value };
      result.changed.push("durable_objects (a list) became durable_objects.bindings");
    } else if (field === "node_compat") {
      if (value === true) result.flags.push("nodejs_compat");
      result.changed.push(`node_compat became the nodejs_compat compatibility flag${value === true ? "" : " (it was off, so no flag)"}`);
    } else if (field === "zone_id" && Array.isArray(edge.routes) && edge.routes.every((route) => typeof route === "string")) {
      edge.routes = (edge.routes as string[]).map((pattern) => ({ pattern, zone_id: value }));
      result.changed.push("zone_id moved into each route");
    } else {
      result.dropped.push(`${field} (${predicate})`);
    }
  }
  return result;
}
