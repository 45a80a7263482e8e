/**
 * Shapes of the edge platform's config that wrangler once took and its schema no longer does. At
 * build each is refused at the field with the exact replacement (the field is then not checked
 * again by the schema); `sdk migrate` converts the ones that convert safely (convert.ts).
 */
export interface LegacyEdgeField {
  field: string;
  /** Whether the value is the legacy shape; absent: any value of the field is. */
  isLegacy?: (value: unknown) => boolean;
  /** Completes "edge.<field> …". */
  predicate: string;
  hint: string;
}

export const LEGACY_EDGE_FIELDS: readonly LegacyEdgeField[] = [
  { field: "kv-namespaces", predicate: "is wrangler 1's spelling of kv_namespaces", hint: 'Rename it to "kv_namespaces" (`sdk migrate` converts a wrangler file for you).' },
  { field: "type", predicate: "is wrangler 1's project type, which the platform no longer reads", hint: "Remove it: sdk bundles the worker itself." },
  { field: "webpack_config", predicate: "is wrangler 1's webpack setting, which the platform no longer reads", hint: "Remove it: sdk bundles the worker itself (bundler.config.ts adds plugins)." },
  { field: "usage_model", predicate: "is a retired setting: every worker now runs on the standard usage model", hint: "Remove it; to limit CPU time per request, set worker.limits.cpu_ms." },
  { field: "node_compat", predicate: "is wrangler 2's Node.js polyfill switch, replaced by the nodejs_compat compatibility flag", hint: 'Remove it and add "nodejs_compat" to worker.compatibility_flags.' },
  { field: "zone_id", predicate: "is wrangler 1's zone for the worker's routes", hint: 'Remove it and give each route its zone: routes: [{ pattern: "example.com/*", zone_id: "<zone id>" }].' },
  { field: "miniflare", predicate: "is wrangler 2's local runtime setting", hint: "Remove it: sdk dev and sdk preview configure the local runtime." },
  {
    field: "durable_objects",
    isLegacy: Array.isArray,
    predicate: "is a list, the old shape; the platform takes an object with `bindings`",
    hint: "Wrap the list: durable_objects: { bindings: [{ name, class_name }] }.",
  },
];

/** The legacy fields `edge` has, in table order. */
export function legacyEdgeFields(edge: Record<string, unknown>): LegacyEdgeField[] {
  return LEGACY_EDGE_FIELDS.filter(({ field, isLegacy }) => Object.hasOwn(edge, field) && (!isLegacy || isLegacy(edge[field])));
}
