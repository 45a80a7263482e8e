/**
 * The dashboard's routes tab, from the app's IR as the dev server last generated it: every API
 * route, page (with its layouts and server module) and middleware, the methods each path answers,
 * and the middleware chain it runs (every middleware file runs on every request, in file order).
 * Also matches a request's path to the route that answered it, for the requests tab.
 */
import type { AppIR, Segment, SourceLocation } from "../../../compiler/ir.js";

export interface RouteRow {
  kind: "route" | "page";
  pattern: string;
  methods: string[];
  file: string;
  /** Where each method's handler is, for a route. */
  handlers: (SourceLocation & { method: string })[];
  layouts: string[];
  serverFile: string | null;
  /** The middleware files the path runs, in order. */
  middleware: string[];
}

export interface RoutesTable {
  routes: RouteRow[];
  middleware: { file: string; order: number | null; name: string }[];
  notFoundPage: string | null;
}

export function routesTable(ir: AppIR): RoutesTable {
  const middleware = ir.middleware.map(({ file, order, name }) => ({ file, order, name }));
  const chain = middleware.map((entry) => entry.file);
  const routes: RouteRow[] = ir.routes.map((route) => ({
    kind: "route",
    pattern: route.pattern,
    methods: route.methods.map((entry) => entry.method),
    file: route.file,
    handlers: route.methods.map((entry) => ({ method: entry.method, ...entry.loc })),
    layouts: [],
    serverFile: null,
    middleware: chain,
  }));
  const pages: RouteRow[] = ir.pages.map((page) => ({
    kind: "page",
    pattern: page.pattern,
    methods: page.methods,
    file: page.file,
    handlers: [],
    layouts: page.layouts,
    serverFile: page.serverFile,
    middleware: chain,
  }));
  return { routes: [...routes, ...pages].sort((a, b) => a.pattern.localeCompare(b.pattern) || a.kind.localeCompare(b.kind)), middleware, notFoundPage: ir.notFoundPage?.file ?? null };
}

/** The route or page whose pattern matches `pathname`: static segments first, as the router ranks them. */
export function matchRoute(ir: AppIR, pathname: string): { kind: "route" | "page"; pattern: string; file: string } | null {
  const parts = pathname.split("/").filter(Boolean).map(safeDecode);
  const candidates = [
    ...ir.routes.map(({ pattern, file, segments }) => ({ kind: "route" as const, pattern, file, segments })),
    ...ir.pages.map(({ pattern, file, segments }) => ({ kind: "page" as const, pattern, file, segments })),
  ];
  const matching = candidates.filter((candidate) => matches(candidate.segments, parts)).sort((a, b) => rank(b.segments) - rank(a.segments));
  const best = matching[0];
  return best ? { kind: best.kind, pattern: best.pattern, file: best.file } : null;
}

function matches(segments: Segment[], parts: string[]): boolean {
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment.kind === "catchAll") return parts.length > index;
    const part = parts[index];
    if (part === undefined || (segment.kind === "static" && segment.value !== part)) return false;
  }
  return parts.length === segments.length;
}

/** More static segments, then fewer catch-alls, rank higher. */
function rank(segments: Segment[]): number {
  return segments.reduce((score, segment) => score + (segment.kind === "static" ? 100 : segment.kind === "param" ? 10 : 0), 0);
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
