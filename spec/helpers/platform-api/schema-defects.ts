/**
 * Defects of the published schema itself, not lags behind the API: read as the schema means them
 * so that no correct request or answer fails (each function says which defect it mends). Lags,
 * where the API does more than the schema says, are in lags.ts.
 */
type Json = Record<string, unknown>;
type Schema = Json;

/**
 * A copy of `value` whose `#/components/…` references name the document they belong to, and whose
 * `oneOf`s read as `anyOf`: the published schemas use oneOf between branches that overlap (a
 * stepped Durable Object migration also matches the single-step branch, whose fields are all
 * optional), which no value could satisfy "exactly one" of.
 */
export function scoped(documentId: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => scoped(documentId, item));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith("#")) return [key, `${documentId}${inner}`];
      return [key === "oneOf" ? "anyOf" : key, scoped(documentId, inner)];
    }),
  );
}

/**
 * An envelope combines (allOf) a common envelope with the operation's own, and some published
 * ones disagree on `result`'s type (a list's array against the common object, a create's object
 * against the collection's array): no answer satisfies both, so the operation's own, the last
 * branch that types `result`, wins.
 */
export function withoutConflictingResult(branches: Json[]): Json[] {
  const resultOf = (branch: Json) => (branch.properties as Record<string, Json> | undefined)?.result;
  const typed = branches.filter((branch) => resultOf(branch)?.type !== undefined);
  if (new Set(typed.map((branch) => resultOf(branch)!.type)).size < 2) return branches;
  const last = typed.at(-1);
  return branches.map((branch) => {
    if (branch === last || resultOf(branch)?.type === undefined) return branch;
    const { result: _dropped, ...properties } = branch.properties as Record<string, Json>;
    return { ...branch, properties };
  });
}

/**
 * The queue operations' schemas put their result's `required` list on the envelope (an envelope
 * has no `queue_name`); it is moved onto the result before validating. No other change.
 */
const MISPLACED_REQUIRED = new Set([
  "GET /accounts/{account_id}/queues/{queue_id}/consumers",
  "POST /accounts/{account_id}/queues/{queue_id}/consumers",
  "PUT /accounts/{account_id}/queues/{queue_id}/consumers/{consumer_id}",
  "POST /accounts/{account_id}/queues",
]);

const ENVELOPE_FIELDS = ["success", "errors", "messages", "result", "result_info"];

/** `branches`: the envelope schema's allOf branches, dereferenced; answers the repaired list. */
export function repairedBranches(operation: string, branches: Schema[]): Schema[] {
  if (!MISPLACED_REQUIRED.has(operation)) return branches;
  return branches.map((branch) => {
    const properties = branch.properties as Record<string, Schema> | undefined;
    const misplaced = ((branch.required as string[] | undefined) ?? []).filter((name) => !ENVELOPE_FIELDS.includes(name));
    if (!properties?.result || !misplaced.length) return branch;
    const required = (branch.required as string[]).filter((name) => ENVELOPE_FIELDS.includes(name));
    const result = properties.result.type === "array" ? { ...properties.result, items: { allOf: [properties.result.items, { required: misplaced }] } } : { ...properties.result, required: misplaced };
    return { ...branch, required, properties: { ...properties, result } };
  });
}
