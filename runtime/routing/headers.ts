/**
 * `routing.headers`, as Cloudflare's `_headers` (developers.cloudflare.com/workers/static-assets/
 * headers/, "Custom headers"): every rule whose pattern matches applies; a header set by several
 * rules gets their values joined with ", " in rule order (the docs' `X-Robots-Tag: nosnippet,
 * noindex` example); the result replaces what the response had ("Headers defined in the _headers
 * file override what Cloudflare ordinarily sends"); `:splat` and placeholders in a value are
 * filled in from the match. Lines are parsed once, when the rules compile.
 */
import { compilePattern, PatternError, substitute, type CompiledPattern } from "./pattern.js";

export type HeaderPair = readonly [name: string, value: string];

interface HeaderLine {
  readonly name: string;
  readonly key: string;
  readonly value: string;
  /** The value names a placeholder, so it is filled in per request. */
  readonly dynamic: boolean;
}

interface HeaderRule {
  readonly pattern: CompiledPattern;
  readonly lines: readonly HeaderLine[];
}

export type HeaderRules = readonly HeaderRule[];

const NONE: readonly HeaderPair[] = Object.freeze([]);
/** RFC 9110 `token`. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why `line` is not a `Name: value` header line, or null. */
export function headerLineProblem(line: string): string | null {
  const colon = line.indexOf(":");
  if (colon < 0) return 'a header line is "Name: value"; this one has no ":"';
  const name = line.slice(0, colon).trim();
  if (!TOKEN.test(name)) return `${JSON.stringify(name)} is not a valid header name (letters, digits and !#$%&'*+.^_\`|~-)`;
  const value = line.slice(colon + 1).trim();
  if (value === "") return `the header ${name} has an empty value`;
  if (!isFieldValue(value)) return `the value of ${name} holds a line break, a control character or a character beyond U+00FF`;
  return null;
}

/** What `Headers` accepts without throwing: tab, printable ASCII and U+0080..U+00FF. */
function isFieldValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

function parseLine(line: string): HeaderLine {
  const problem = headerLineProblem(line);
  if (problem) throw new PatternError(`invalid header line ${JSON.stringify(line)}: ${problem}`);
  const colon = line.indexOf(":");
  const name = line.slice(0, colon).trim();
  const value = line.slice(colon + 1).trim();
  return { name, key: name.toLowerCase(), value, dynamic: /:[A-Za-z]/.test(value) };
}

export function compileHeaderRules(config: Readonly<Record<string, readonly string[]>> | undefined): HeaderRules {
  if (!config) return [];
  return Object.entries(config)
    .filter(([, lines]) => lines.length > 0)
    .map(([source, lines]) => ({ pattern: compilePattern(source), lines: lines.map(parseLine) }));
}

/** The headers every matching rule sets for `pathname`, merged. */
export function headersFor(rules: HeaderRules, pathname: string): readonly HeaderPair[] {
  let merged: Map<string, [string, string]> | null = null;
  for (const rule of rules) {
    const match = rule.pattern.match(pathname);
    if (!match) continue;
    merged ??= new Map();
    for (const line of rule.lines) {
      const value = line.dynamic ? substitute(line.value, match) : line.value;
      // A filled-in value comes from the path; one Headers would refuse is left out, never sent.
      if (line.dynamic && !isFieldValue(value)) continue;
      const seen = merged.get(line.key);
      if (seen) seen[1] = `${seen[1]}, ${value}`;
      else merged.set(line.key, [line.name, value]);
    }
  }
  return merged ? [...merged.values()] : NONE;
}

/**
 * `response` with `headers` set. Headers of a response from `fetch()` or a cache are immutable,
 * so such a response is copied (status, status text, headers and the body stream carry over).
 */
export function withHeaders(response: Response, headers: readonly HeaderPair[]): Response {
  if (headers.length === 0) return response;
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    // A protocol switch (101) cannot be rebuilt by the Response constructor; it keeps its own headers.
    if (response.status < 200) return response;
    const copy = new Response(response.body, response);
    for (const [name, value] of headers) copy.headers.set(name, value);
    return copy;
  }
}
