/**
 * Reads the route paths the router accepts: exactly the forms our emitter writes (static
 * segments, `:name`, a final `:name{.+}`) plus `*` for middleware. Anything else is refused with
 * Hono's `UnsupportedPathError` so a hand-written or ejected table that relies on another Hono
 * feature fails at start instead of matching differently.
 */
import { UnsupportedPathError } from "hono/router";

export type PatternSegment =
  | { readonly kind: "static"; readonly value: string }
  | { readonly kind: "param"; readonly name: string }
  | { readonly kind: "catchAll"; readonly name: string };

export type RoutePattern =
  | { readonly kind: "wildcard" }
  | { readonly kind: "static"; readonly path: string }
  /** At least one segment is a parameter or a catch-all; `names` lists them in path order. */
  | { readonly kind: "dynamic"; readonly segments: readonly PatternSegment[]; readonly names: readonly string[] };

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const CATCH_ALL = /^:([A-Za-z_][A-Za-z0-9_]*)\{\.\+\}$/;
/** Characters that mean something to Hono's path syntax and never appear in a static segment. */
const HONO_SYNTAX = /[:*{}?]/;

export function parsePattern(path: string): RoutePattern {
  if (path === "*" || path === "/*") return { kind: "wildcard" };
  if (path === "/") return { kind: "static", path };
  if (!path.startsWith("/")) throw unsupported(path, "it does not start with `/`");
  const parts = path.slice(1).split("/");
  const segments: PatternSegment[] = [];
  const names: string[] = [];
  parts.forEach((part, index) => {
    const segment = parseSegment(path, part, index === parts.length - 1);
    if (segment.kind !== "static") {
      if (names.includes(segment.name)) throw unsupported(path, `the parameter "${segment.name}" appears twice`);
      names.push(segment.name);
    }
    segments.push(segment);
  });
  return names.length === 0 ? { kind: "static", path } : { kind: "dynamic", segments, names };
}

function parseSegment(path: string, part: string, last: boolean): PatternSegment {
  const param = PARAM.exec(part);
  if (param) return { kind: "param", name: param[1] };
  const catchAll = CATCH_ALL.exec(part);
  if (catchAll) {
    if (!last) throw unsupported(path, "a catch-all `:name{.+}` must be the last segment");
    return { kind: "catchAll", name: catchAll[1] };
  }
  if (part === "") throw unsupported(path, "it has an empty segment");
  if (HONO_SYNTAX.test(part)) throw unsupported(path, `"${part}" is neither a static segment, \`:name\` nor \`:name{.+}\``);
  return { kind: "static", value: part };
}

function unsupported(path: string, reason: string): UnsupportedPathError {
  return new UnsupportedPathError(`SegmentTrieRouter cannot route "${path}": ${reason}.`);
}
