/**
 * File path -> URL segments, for `routes/` (and the same rules for `pages/`):
 * `index` names its directory, `[id]` is a parameter, `[...slug]` catches the rest of the path and
 * must come last, `(group)` directories leave the URL unchanged, `_`-prefixed files and
 * directories are ignored, `name.dev.ts` / `name.prod.ts` exist in one build mode only (the URL has
 * no suffix) and `name.ws.ts` is a WebSocket route.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { ModeOnly, Segment } from "../ir.js";
import { MODULE_EXTENSIONS, matchExtension } from "./files.js";

export interface ParsedRoutePath {
  segments: Segment[];
  /** Our notation: `/api/users/:id`, `/api/files/*slug`. */
  pattern: string;
  mode: ModeOnly;
  websocket: boolean;
}

export type RoutePathResult =
  | { status: "route"; route: ParsedRoutePath }
  | { status: "ignored" }
  | { status: "invalid"; diagnostic: Diagnostic };

export type SegmentsResult = { ok: true; segments: Segment[] } | { ok: false; diagnostic: Diagnostic };

const NAME_RULES =
  "Route names use `index`, static names, `[param]`, a final `[...rest]` and `(group)` directories.";
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const GROUP = /^\([^()]+\)$/;
const FORBIDDEN_STATIC = /[:*{}?#()\s]/;

/** True for a path part the scanners skip: `_private.ts`, `_lib/`, `.DS_Store`. */
export function isIgnoredName(name: string): boolean {
  return name.startsWith("_") || name.startsWith(".");
}

/**
 * Parses a route file path relative to `routes/` (POSIX). `file` is the project-relative path
 * used in diagnostics.
 */
export function parseRouteFile(routePath: string, file: string = routePath): RoutePathResult {
  const parts = routePath.split("/");
  if (parts.some(isIgnoredName)) return { status: "ignored" };
  const name = parts[parts.length - 1];
  const extension = matchExtension(name, MODULE_EXTENSIONS);
  if (!extension) return { status: "ignored" };

  let stem = name.slice(0, -extension.length);
  let mode: ModeOnly = null;
  let websocket = false;
  for (let suffix = /\.(dev|prod|ws)$/.exec(stem); suffix; suffix = /\.(dev|prod|ws)$/.exec(stem)) {
    const repeated = suffix[1] === "ws" ? websocket : mode !== null;
    if (repeated) {
      return invalid(file, `"${name}" has more than one mode or websocket suffix.`, "Use at most one of `.dev`/`.prod`, optionally with `.ws`: `chat.ws.dev.ts`.");
    }
    if (suffix[1] === "ws") websocket = true;
    else mode = suffix[1] === "dev" ? "development" : "production";
    stem = stem.slice(0, -suffix[0].length);
  }

  const parsed = parseSegments([...parts.slice(0, -1), stem], file);
  if (!parsed.ok) return { status: "invalid", diagnostic: parsed.diagnostic };
  return { status: "route", route: { segments: parsed.segments, pattern: toPattern(parsed.segments), mode, websocket } };
}

/**
 * Directory names followed by the file's stem (extension and suffixes removed) -> segments.
 * A trailing `index` names its directory; `(group)` is allowed for directories only.
 */
export function parseSegments(parts: readonly string[], file: string): SegmentsResult {
  const segments: ParsedSegment[] = [];
  const seen = new Set<string>();
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (last && part === "index") return;
    if (!last && GROUP.test(part)) return;
    segments.push(parseSegment(part, last, file));
  });
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === "invalid") return { ok: false, diagnostic: segment.diagnostic };
    if (segment.kind === "static") continue;
    if (segment.kind === "catchAll" && index !== segments.length - 1) {
      return { ok: false, diagnostic: badName(file, `the catch-all "[...${segment.name}]" is not the last segment.`, "Move `[...name]` to the end of the path; nothing can follow it.") };
    }
    if (seen.has(segment.name)) {
      return { ok: false, diagnostic: badName(file, `the parameter name "${segment.name}" is used twice in one path.`, "Give each parameter in the path its own name, e.g. `[userId]/posts/[postId]`.") };
    }
    seen.add(segment.name);
  }
  return { ok: true, segments: segments as Segment[] };
}

type ParsedSegment = Segment | { kind: "invalid"; diagnostic: Diagnostic };

function parseSegment(part: string, last: boolean, file: string): ParsedSegment {
  if (part.includes("[") || part.includes("]")) return parseBracketed(part, file);
  if (GROUP.test(part) && last) {
    return { kind: "invalid", diagnostic: badName(file, `"${part}" is a group name, and groups are directories.`, "Put the file inside a `(group)/` directory, or rename it.") };
  }
  if (part === "" || FORBIDDEN_STATIC.test(part)) {
    return { kind: "invalid", diagnostic: badName(file, `"${part}" is not a valid path segment.`, "Static segments cannot be empty or contain `: * { } ? # ( )` or spaces.") };
  }
  return { kind: "static", value: part };
}

function parseBracketed(part: string, file: string): ParsedSegment {
  const catchAll = /^\[\.\.\.([^\[\]]*)\]$/.exec(part);
  const param = /^\[([^\[\]]*)\]$/.exec(part);
  const name = catchAll?.[1] ?? param?.[1];
  if (name === undefined) {
    const hint = part.startsWith("[[")
      ? "Optional segments are not supported: use `[...name]` plus an `index` file."
      : "A parameter is a whole segment written `[name]`, a catch-all `[...name]`; check the brackets.";
    return { kind: "invalid", diagnostic: badName(file, `"${part}" has unbalanced brackets or text around them.`, hint) };
  }
  if (!PARAM_NAME.test(name)) {
    const what = name === "" ? "an empty parameter name" : `the parameter name "${name}" is not an identifier`;
    return { kind: "invalid", diagnostic: badName(file, `"${part}" has ${what}.`, "Parameter names are letters, digits and `_`, not starting with a digit: `[id]`, `[...slug]`.") };
  }
  return catchAll ? { kind: "catchAll", name } : { kind: "param", name };
}

function badName(file: string, problem: string, hint: string): Diagnostic {
  return error("SDK_ROUTE_BAD_NAME", `Malformed route file name: ${problem} ${NAME_RULES}`, { file, hint });
}

function invalid(file: string, problem: string, hint: string): RoutePathResult {
  return { status: "invalid", diagnostic: badName(file, problem, hint) };
}

/** `/api/users/:id`, `/api/files/*slug`, `/` for no segments. */
export function toPattern(segments: readonly Segment[]): string {
  return joinSegments(segments, (s) => (s.kind === "param" ? `:${s.name}` : `*${s.name}`));
}

/** The Hono route path: a catch-all becomes a parameter matching one or more segments. */
export function toHonoPattern(segments: readonly Segment[]): string {
  return joinSegments(segments, (s) => (s.kind === "param" ? `:${s.name}` : `:${s.name}{.+}`));
}

/** The pattern with parameter names erased: `/users/:id` and `/users/:slug` match the same URLs. */
export function canonicalPattern(segments: readonly Segment[]): string {
  return joinSegments(segments, (s) => (s.kind === "param" ? ":" : "*"));
}

function joinSegments(segments: readonly Segment[], dynamic: (s: Exclude<Segment, { kind: "static" }>) => string): string {
  return "/" + segments.map((s) => (s.kind === "static" ? s.value : dynamic(s))).join("/");
}
