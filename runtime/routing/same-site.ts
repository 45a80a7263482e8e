/**
 * Keeping a relative destination on this site after `:splat` and placeholders are filled in from
 * the request path. Browsers read `//host`, `/\host` and `/<tab>/host` as another host, and some
 * servers decode `%2F` and `%5C` before they look, so all of those lead nowhere but here.
 */

/**
 * `target` (starting with `/`) as a path on this site: the leading run of slashes, backslashes,
 * their percent-encodings and tabs or line breaks becomes one `/` (Cloudflare's asset worker
 * keeps a leading `%2F` or `%5C`, and follows a `/\` its rule was written with to another host),
 * and runs of `/` in the path become one, as Cloudflare does for a rule with a splat or
 * placeholder. Unlike Cloudflare, which collapses them in such a rule's whole destination, the
 * query and fragment are left as written, so a `?next=https://…` survives.
 */
export function sameSitePath(target: string): string {
  let start = 0;
  while (start < target.length) {
    const char = target[start]!;
    if (char === "/" || char === "\\" || char === "\t" || char === "\n" || char === "\r") start += 1;
    else if (char === "%" && isEncodedSlash(target, start)) start += 3;
    else break;
  }
  const rest = target.slice(start);
  const end = pathEnd(rest);
  return `/${collapseSlashes(rest.slice(0, end))}${rest.slice(end)}`;
}

function isEncodedSlash(text: string, at: number): boolean {
  if (text[at + 1] !== "2" && text[at + 1] !== "5") return false;
  const next = text[at + 2];
  return text[at + 1] === "2" ? next === "f" || next === "F" : next === "c" || next === "C";
}

function pathEnd(text: string): number {
  for (let i = 0; i < text.length; i++) if (text[i] === "?" || text[i] === "#") return i;
  return text.length;
}

function collapseSlashes(path: string): string {
  return path.includes("//") ? path.replace(/\/{2,}/g, "/") : path;
}

/**
 * The request's query merged into the destination's, the destination winning on a shared name:
 * our rule for rewrites and fallbacks. Cloudflare's asset worker merges nothing (a `_redirects`
 * redirect sends the destination's query, or the request's when it has none, and redirects.ts
 * does the same). Either side alone passes through untouched.
 */
export function mergeSearch(incoming: string, destination: string): string {
  if (!incoming) return destination;
  if (!destination) return incoming;
  const merged = new URLSearchParams(incoming);
  for (const [name, value] of new URLSearchParams(destination)) merged.set(name, value);
  return `?${merged.toString()}`;
}
