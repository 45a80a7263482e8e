/**
 * `routes/` -> RouteIR[] (HTTP) and WebSocketRouteIR[] (`*.ws.ts`). A route module exports one
 * `defineHandler(...)` per uppercase HTTP method; anything else that looks like a method is
 * reported.
 */
import path from "node:path";
import { error, warning, type Diagnostic } from "../diagnostics.js";
import { HTTP_METHODS, type HttpMethod, type RouteIR, type RouteMethod, type SourceLocation, type WebSocketRouteIR } from "../ir.js";
import { checkSdkCall, collectExports, isLiteralValue, locationOf, type ModuleExport } from "./ast.js";
import type { ParsedModule } from "./parser.js";
import { loadModule, relativeToRoot, type ScanContext } from "./context.js";
import { listFiles } from "./files.js";
import { renamedFromOf } from "./renamed-from.js";
import { webSocketDefinitionProblem } from "./websocket-definition.js";
import { canonicalPattern, isIgnoredName, parseRouteFile, type ParsedRoutePath } from "./filenames.js";

export interface RouteScan {
  routes: RouteIR[];
  websockets: WebSocketRouteIR[];
  diagnostics: Diagnostic[];
}

interface RouteFile {
  file: string;
  absolutePath: string;
  route: ParsedRoutePath;
}

const METHOD_LIST = HTTP_METHODS.join(", ");

export function scanRoutes(ctx: ScanContext): RouteScan {
  const result: RouteScan = { routes: [], websockets: [], diagnostics: [] };
  const dir = ctx.layout.conventions.routes;
  if (!dir) return result;

  const candidates: RouteFile[] = [];
  for (const routePath of listFiles(dir, { recursive: true, include: (name) => !isIgnoredName(name) })) {
    const absolutePath = path.join(dir, routePath);
    const file = relativeToRoot(ctx, absolutePath);
    const parsed = parseRouteFile(routePath, file);
    if (parsed.status === "invalid") result.diagnostics.push(parsed.diagnostic);
    if (parsed.status !== "route" || (parsed.route.mode !== null && parsed.route.mode !== ctx.mode)) continue;
    candidates.push({ file, absolutePath, route: parsed.route });
  }

  for (const { file, absolutePath, route } of preferModeSpecific(candidates)) {
    const module = loadModule(ctx, absolutePath);
    if (!module) continue;
    if (route.websocket) {
      const problem = webSocketDefinitionProblem(ctx.layout.root, module, file);
      if (problem) result.diagnostics.push(problem);
      result.websockets.push({ file, pattern: route.pattern, segments: route.segments, renamedFrom: renamedFromOf(ctx.layout.root, module, result.diagnostics) });
      continue;
    }
    const { methods, diagnostics } = module.fact("route", (parsed) => scanRouteModule(parsed, ctx.layout.root));
    result.diagnostics.push(...diagnostics);
    result.routes.push({ file, pattern: route.pattern, segments: route.segments, methods, mode: route.mode });
  }
  return result;
}

/**
 * A file for the current mode (`users.dev.ts` in development) replaces the plain file for the same
 * route (`users.ts`) as a whole, so a developer can stub an endpoint without touching the real
 * one. Routes are the same when their canonical patterns are (`[id]` and `[slug]` match alike).
 */
function preferModeSpecific(files: RouteFile[]): RouteFile[] {
  const key = (f: RouteFile) => `${f.route.websocket ? "ws" : "http"} ${canonicalPattern(f.route.segments)}`;
  const overridden = new Set(files.filter((f) => f.route.mode !== null).map(key));
  return files.filter((f) => f.route.mode !== null || !overridden.has(key(f)));
}

export function scanRouteModule(module: ParsedModule, root: string): { methods: RouteMethod[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const methods: RouteMethod[] = [];
  const { exports, hasStarExport } = collectExports(module);

  for (const entry of exports) {
    const loc = locationOf(root, module, entry.node);
    if (isHttpMethod(entry.name)) {
      if (methods.some((m) => m.method === entry.name)) {
        diagnostics.push(error("SDK_ROUTE_DUPLICATE_METHOD", `${entry.name} is exported more than once.`, { ...loc, hint: "Export each HTTP method once per route file." }));
        continue;
      }
      const problem = handlerProblem(module, entry, loc);
      if (problem) diagnostics.push(problem);
      methods.push({ method: entry.name, loc });
    } else if (isHttpMethod(entry.name.toUpperCase())) {
      diagnostics.push(warning("SDK_METHOD_EXPORT_UNKNOWN", `"${entry.name}" is not routed: HTTP method exports are uppercase.`, { ...loc, hint: `Rename it to ${entry.name.toUpperCase()}.` }));
    } else if (/^[A-Z]+$/.test(entry.name) && !isLiteralValue(entry.value)) {
      diagnostics.push(warning("SDK_METHOD_EXPORT_UNKNOWN", `"${entry.name}" is not an HTTP method, so it is not routed.`, { ...loc, hint: `Route handlers are named ${METHOD_LIST}; rename the export if it is not meant as one.` }));
    }
  }

  if (methods.length === 0) {
    const names = exports.map((e) => e.name);
    const exported = names.length ? `it exports ${names.join(", ")}` : "it has no value exports";
    const star = hasStarExport ? "; `export * from` is not followed" : "";
    diagnostics.push(
      error("SDK_ROUTE_NO_METHODS", `Route file exports no HTTP method handler (${exported}${star}).`, {
        file: locationOf(root, module, module.program).file,
        line: 1,
        column: 1,
        hint: `Export at least one of ${METHOD_LIST} by name: \`export const GET = defineHandler((c) => ...)\`, or prefix the file with \`_\` if it is not a route.`,
      }),
    );
  }
  methods.sort((a, b) => HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method));
  return { methods, diagnostics };
}

function isHttpMethod(name: string): name is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(name);
}

/** Re-exports from another module are trusted: their value is not parsed here. */
export function handlerProblem(module: ParsedModule, entry: ModuleExport, loc: SourceLocation): Diagnostic | null {
  if (entry.reexport) return null;
  const check = checkSdkCall(module, entry.value, "defineHandler");
  if (check === "sdk-call") return null;
  const message =
    check === "not-imported"
      ? `${entry.name} calls a defineHandler that is not imported from "sdk".`
      : `${entry.name} is not built with defineHandler(...).`;
  return error("SDK_HANDLER_NOT_DEFINED", message, {
    ...loc,
    hint: `Wrap it: \`export const ${entry.name} = defineHandler((c) => ...)\` with \`import { defineHandler } from "sdk"\`.`,
  });
}
