/**
 * Turns the raw path of a request URL into the decoded path used to look up the asset manifest,
 * or says it cannot name a file. Runtimes differ in how much of the URL they normalize before we see it (WHATWG
 * URL parsing collapses `/../` and `/%2e%2e/`, a raw HTTP request line does not), so every
 * traversal shape is rejected here rather than trusting the caller.
 */
export type NormalizedPath = { readonly ok: true; readonly path: string } | { readonly ok: false };

const NOT_A_FILE_PATH: NormalizedPath = { ok: false };

/** A `%` not followed by two hex digits. */
const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;
/** `%2f` and `%5c`: decoding them would create separators that were not in the URL's structure. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

export function normalizeRequestPath(rawPathname: string): NormalizedPath {
  if (!rawPathname.startsWith("/") || hasForbiddenCharacter(rawPathname)) return NOT_A_FILE_PATH;
  let path = rawPathname;
  if (rawPathname.includes("%")) {
    if (MALFORMED_ESCAPE.test(rawPathname) || ENCODED_SEPARATOR.test(rawPathname)) return NOT_A_FILE_PATH;
    try {
      path = decodeURIComponent(rawPathname);
    } catch {
      return NOT_A_FILE_PATH;
    }
    if (hasForbiddenCharacter(path)) return NOT_A_FILE_PATH;
  }
  return hasDotSegment(path) ? NOT_A_FILE_PATH : { ok: true, path };
}

function hasForbiddenCharacter(path: string): boolean {
  return path.includes("\\") || path.includes("\0");
}

function hasDotSegment(path: string): boolean {
  if (!path.includes("/.")) return false;
  return path.split("/").some((segment) => segment === "." || segment === "..");
}
