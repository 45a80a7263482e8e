/**
 * `Vary` on ISR entries: a response that varies on request headers is stored with the values the
 * request that made it had, and served only to requests with the same values. A request with
 * other values reads (and fills) a variant entry of its own, under the key plus those values.
 */
import { isCredentialHeader } from "./credentials.js";

/** The request header values an entry was rendered for, by lower-case name. */
export type VaryValues = ReadonlyArray<readonly [string, string]>;

export type VaryRule =
  /** `Vary: *`: the response may differ for anything, so it is never shared. */
  | { readonly kind: "anything" }
  | {
      readonly kind: "headers";
      /** The names other than the credential headers: an entry is kept per value of these. */
      readonly names: readonly string[];
      /** `Cookie` or `Authorization` is named: the answer counts as one that reads them (credentials.ts). */
      readonly namesCredentials: boolean;
    };

/** The response's `Vary` names, lower-cased, deduplicated and sorted so the variant key is stable. */
export function varyRule(response: Response): VaryRule {
  const names = new Set<string>();
  for (const field of response.headers.get("vary")?.split(",") ?? []) {
    const name = field.trim().toLowerCase();
    if (name === "*") return { kind: "anything" };
    if (name !== "") names.add(name);
  }
  const sorted = [...names].sort();
  return { kind: "headers", names: sorted.filter((name) => !isCredentialHeader(name)), namesCredentials: sorted.some(isCredentialHeader) };
}

/** The request's values for `names`, in the same order; an absent header reads as "". */
export function varyValues(names: readonly string[], headers: Headers): VaryValues {
  return names.map((name) => [name, headers.get(name) ?? ""] as const);
}

/** Whether a request whose headers are `headers` may be served an entry rendered for `stored`. */
export function matchesVary(stored: VaryValues, headers: Headers): boolean {
  return stored.every(([name, value]) => (headers.get(name) ?? "") === value);
}

/** The key of the variant of `key` for these values; never equal to a plain cache key. */
export function variantKey(key: string, values: VaryValues): string {
  return `${key}\n${JSON.stringify(values)}`;
}
