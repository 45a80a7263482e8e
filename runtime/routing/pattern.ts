/**
 * The one URL pattern language of `routing`: headers, redirects, rewrites, fallbacks, revalidate
 * and revalidateQueryAllowlist all match paths with it. It follows Cloudflare's documented
 * `_redirects` / `_headers` matching (developers.cloudflare.com/workers/static-assets/redirects/,
 * "Splats" and "Placeholders"; the same text in .../static-assets/headers/, "Match a path") and
 * the asset worker that implements it (workers-sdk, asset-worker/src/utils/rules-engine.ts):
 *
 * - A pattern is a path starting with `/`, or `*` alone for every path.
 * - `*` is a splat: it greedily matches any characters, `/` included, possibly none. Cloudflare
 *   allows a single splat per URL; a second one is a config error here.
 * - `:name` (a letter, then letters, digits or `_`, as Cloudflare's `:[A-Za-z]\w*`) is a
 *   placeholder matching one or more characters other than `/`. Each name appears once. Unlike
 *   Cloudflare, a placeholder must be a whole segment (`/blog/:year`, not `/blog-:year`).
 * - The match is against the whole of `URL.pathname` (the asset worker's
 *   `new URL(request.url).pathname`): no query, percent-escapes kept as received, so `%2F` never
 *   separates segments. Literal text of a pattern is serialized as the URL parser serializes a
 *   path (`/café` becomes `/caf%C3%A9`), so it matches what a browser sends.
 * - Matching is exact, so a trailing slash counts, as in Cloudflare's `/trailing /trailing/ 301`
 *   example: `/about` does not match `/about/`; `/blog/*` matches `/blog/` but not `/blog`.
 *
 * A pattern compiles once into literal texts and placeholders around at most one splat. Matching
 * walks the path from the left up to the splat and from the right back to it, each character
 * looked at a bounded number of times: linear in the path, with no regular expression built from
 * a pattern.
 */

export interface PatternMatch {
  readonly params: Readonly<Record<string, string>>;
  readonly splat: string | null;
}

export interface CompiledPattern {
  readonly source: string;
  match(pathname: string): PatternMatch | null;
}

export class PatternError extends Error {
  override name = "PatternError";
}

/** A literal (URL-serialized) text, or a placeholder's name. */
type Token = string | { readonly param: string };

interface Parsed {
  /** Before the splat, or the whole pattern when it has none. */
  readonly head: readonly Token[];
  /** After the splat; null when there is no splat. */
  readonly tail: readonly Token[] | null;
  readonly names: readonly string[];
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

export function compilePattern(source: string): CompiledPattern {
  const parsed = parse(source);
  if (typeof parsed === "string") throw new PatternError(`invalid routing pattern ${JSON.stringify(source)}: ${parsed}`);
  const { head, tail, names } = parsed;
  if (tail === null && names.length === 0) {
    const exact = head.join("");
    const match: PatternMatch = { params: NO_PARAMS, splat: null };
    return { source, match: (pathname) => (pathname === exact ? match : null) };
  }
  return {
    source,
    match(pathname) {
      const params: Record<string, string> | null = names.length > 0 ? {} : null;
      const headEnd = matchForward(head, pathname, params);
      if (headEnd < 0) return null;
      if (tail === null) return headEnd === pathname.length ? { params: params ?? NO_PARAMS, splat: null } : null;
      const tailStart = matchBackward(tail, pathname, headEnd, params);
      if (tailStart < 0) return null;
      return { params: params ?? NO_PARAMS, splat: pathname.slice(headEnd, tailStart) };
    },
  };
}

/** Why `source` is not a valid pattern, or null when it is. */
export function patternProblem(source: string): string | null {
  const parsed = parse(source);
  return typeof parsed === "string" ? parsed : null;
}

/** Matches `tokens` from the start of `path`; the index after them, or -1. */
function matchForward(tokens: readonly Token[], path: string, params: Record<string, string> | null): number {
  let pos = 0;
  for (const token of tokens) {
    if (typeof token === "string") {
      if (!path.startsWith(token, pos)) return -1;
      pos += token.length;
      continue;
    }
    const slash = path.indexOf("/", pos);
    const end = slash < 0 ? path.length : slash;
    if (end === pos) return -1;
    params![token.param] = path.slice(pos, end);
    pos = end;
  }
  return pos;
}

/** Matches `tokens` against the end of `path`, not reaching before `min`; their start, or -1. */
function matchBackward(tokens: readonly Token[], path: string, min: number, params: Record<string, string> | null): number {
  let pos = path.length;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (typeof token === "string") {
      const start = pos - token.length;
      if (start < min || !path.startsWith(token, start)) return -1;
      pos = start;
      continue;
    }
    if (pos <= min) return -1;
    const start = path.lastIndexOf("/", pos - 1) + 1;
    if (start < min || start === pos) return -1;
    params![token.param] = path.slice(start, pos);
    pos = start;
  }
  return pos;
}

const PLACEHOLDER_NAME = /^[A-Za-z]\w*$/;
/** `:` then a letter: where Cloudflare starts a placeholder. */
const PLACEHOLDER_START = /:[A-Za-z]/;

function parse(source: string): Parsed | string {
  if (source === "*") return { head: [], tail: [], names: [] };
  if (!source.startsWith("/")) return 'a pattern starts with "/" (or is "*" alone, for every path)';
  for (const char of source) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return "a pattern may not contain control characters or line breaks";
    if (char === "?" || char === "#") return `a pattern matches the path only; "${char}" starts a query or fragment`;
    if (char === "\\") return 'browsers turn "\\" into "/" before sending a path, so a pattern with "\\" never matches';
  }
  const tokens: (Token | typeof SPLAT)[] = [];
  const names: string[] = [];
  let splats = 0;
  const segments = source.split("/");
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i]!;
    tokens.push("/");
    if (segment === "." || segment === "..") return `a "${segment}" segment never reaches the matcher: the URL parser resolves it`;
    if (segment.startsWith(":") && PLACEHOLDER_NAME.test(segment.slice(1))) {
      const name = segment.slice(1);
      if (name === "splat") return '":splat" names the match of "*"; give the placeholder another name';
      if (names.includes(name)) return `the placeholder ":${name}" appears twice; each name may appear once`;
      names.push(name);
      tokens.push({ param: name });
      continue;
    }
    if (PLACEHOLDER_START.test(segment)) {
      return `a placeholder must be a whole segment ("/blog/:year"), but "${segment}" mixes it with other text`;
    }
    const parts = segment.split("*");
    splats += parts.length - 1;
    if (splats > 1) return 'a pattern may contain only one "*"';
    parts.forEach((part, index) => {
      if (index > 0) tokens.push(SPLAT);
      if (part !== "") tokens.push(serializePathText(part));
    });
  }
  const merged = mergeTexts(tokens);
  const at = merged.indexOf(SPLAT);
  if (at < 0) return { head: merged as Token[], tail: null, names };
  return { head: merged.slice(0, at) as Token[], tail: merged.slice(at + 1) as Token[], names };
}

const SPLAT = Symbol("splat");

/** Adjacent literal texts become one, so matching compares fewer, longer strings. */
function mergeTexts(tokens: readonly (Token | typeof SPLAT)[]): (Token | typeof SPLAT)[] {
  const out: (Token | typeof SPLAT)[] = [];
  for (const token of tokens) {
    const last = out[out.length - 1];
    if (typeof token === "string" && typeof last === "string") out[out.length - 1] = last + token;
    else out.push(token);
  }
  return out;
}

/** The characters the WHATWG URL parser percent-encodes in a path, besides controls and non-ASCII. */
const PATH_ENCODED = new Set([" ", '"', "<", ">", "`", "{", "}"]);

/** Literal text as `URL.pathname` would show it, so `/café` matches a request for `/café`. */
function serializePathText(text: string): string {
  let out = "";
  for (const char of text) {
    if (char.codePointAt(0)! <= 0x7e && !PATH_ENCODED.has(char)) out += char;
    else out += encodeURIComponent(isLoneSurrogate(char) ? "\uFFFD" : char);
  }
  return out;
}

/** The URL parser writes a lone surrogate as U+FFFD; `encodeURIComponent` would throw. */
function isLoneSurrogate(char: string): boolean {
  const code = char.charCodeAt(0);
  return char.length === 1 && code >= 0xd800 && code <= 0xdfff;
}

/** `:name` tokens, matched whole (`:id` never eats the start of `:id_2`). A fixed expression. */
const TOKEN = /:([A-Za-z]\w*)/g;

/** Replaces `:splat` and `:name` with what the match captured; other `:words` stay as written. */
export function substitute(destination: string, match: PatternMatch): string {
  if (!destination.includes(":")) return destination;
  return destination.replace(TOKEN, (whole, name: string) => {
    if (name === "splat") return match.splat ?? whole;
    return Object.hasOwn(match.params, name) ? match.params[name]! : whole;
  });
}

/** A path `source` matches: each placeholder and the splat filled with one letter. */
export function samplePath(source: string): string {
  if (source === "*") return "/x";
  return source.replace("*", "x").replace(TOKEN, "x");
}

/** Why `destination` cannot be filled from matches of `source`, or null. */
export function destinationProblem(source: string, destination: string): string | null {
  for (const char of destination) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return "a destination may not contain control characters or line breaks";
  }
  const parsed = parse(source);
  if (typeof parsed === "string") return null;
  for (const [, name] of destination.matchAll(TOKEN)) {
    if (name === "splat") {
      if (parsed.tail === null) return `the destination uses ":splat" but the pattern ${JSON.stringify(source)} has no "*"`;
    } else if (!parsed.names.includes(name!)) {
      return `the destination uses ":${name}" but the pattern ${JSON.stringify(source)} has no such placeholder`;
    }
  }
  return null;
}
