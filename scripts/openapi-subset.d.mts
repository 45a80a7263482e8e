/** Types of openapi-subset.mjs, for the specs that import it. */
export declare const OPERATIONS: readonly string[];
export declare function extractSubset(openapi: object, source: object): {
  "x-source": Record<string, string>;
  "x-missing": string[];
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: Record<string, Record<string, unknown>>;
};
