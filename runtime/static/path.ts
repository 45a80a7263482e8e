/**
 * Turns the raw path of a request URL into the decoded path used to look up the asset manifest,
 * or rejects it. Runtimes differ in how much of the URL they normalize before we see it (WHATWG
 * URL parsing collapses `/../` and `/%2e%2e/`, a raw HTTP request line does not), so every
 * traversal shape is rejected here rather than trusting the caller.
 */
export type NormalizedPath = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly status: 400 };

const BAD_REQUEST: NormalizedPath = { ok: false, status: 400 };

/** A `%` not followed by two hex digits. */
const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;
/** `%2f` and `%5c`: decoding them would create separators that were not in the URL's structure. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

export function normalizeRequestPath(rawPathname: string): NormalizedPath {
  if (!rawPathname.startsWith("/") || hasForbiddenCharacter(rawPathname)) return BAD_REQUEST;
  let path = rawPathname;
  if (rawPathname.includes("%")) {
    if (MALFORMED_ESCAPE.test(rawPathname) || ENCODED_SEPARATOR.test(rawPathname)) return BAD_REQUEST;
    try {
      path = decodeURIComponent(rawPathname);
    } catch {
      return BAD_REQUEST;
    }
    if (hasForbiddenCharacter(path)) return BAD_REQUEST;
  }
  return hasDotSegment(path) ? BAD_REQUEST : { ok: true, path };
}

function hasForbiddenCharacter(path: string): boolean {
  return path.includes("\\") || path.includes("\0");
}

function hasDotSegment(path: string): boolean {
  if (!path.includes("/.")) return false;
  return path.split("/").some((segment) => segment === "." || segment === "..");
}
