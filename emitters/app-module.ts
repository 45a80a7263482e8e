/**
 * The generated `app.ts`: imports of the user's route and middleware modules and the route table,
 * API routes, WebSocket routes and pages in one specificity order.
 */
import { webSocketClassNames } from "../compiler/durable-state/names.js";
import { hasPages, type AppIR, type PageIR, type RouteIR, type WebSocketRouteIR } from "../compiler/ir.js";
import { toHonoPattern } from "../compiler/scan/filenames.js";
import { compareSpecificity } from "../compiler/specificity.js";
import { appAuthEntries } from "./auth-module.js";
import { queriedDatabase } from "./database-module.js";
import { needsPlatformModule } from "./platform-module.js";
import type { SourceLink } from "./source-link.js";
import { renderTemplate } from "./template.js";

function importPath(link: SourceLink, file: string): string {
  return JSON.stringify(`${link.projectRootFromGenerated}/${file}`);
}

function routeEntry(route: RouteIR, binding: string, lazy: boolean): string {
  const handlers = route.methods.map(({ method }) => `${method}: ${lazy ? `${binding}(${JSON.stringify(method)})` : `${binding}.${method}`}`).join(", ");
  return [
    "    {",
    `      pattern: ${JSON.stringify(toHonoPattern(route.segments))},`,
    `      file: ${JSON.stringify(route.file)},`,
    `      handlers: { ${handlers} },`,
    "    },",
  ].join("\n");
}

/** A `*.ws.ts` route: its GET hands the upgrade to the room, its durable-state class's instance. */
function webSocketEntry(ws: WebSocketRouteIR): string {
  return [
    "    {",
    `      pattern: ${JSON.stringify(toHonoPattern(ws.segments))},`,
    `      file: ${JSON.stringify(ws.file)},`,
    `      handlers: { GET: webSocketUpgrade(${JSON.stringify(webSocketClassNames(ws).binding)}) },`,
    "    },",
  ].join("\n");
}

function list(entries: string[]): string {
  return entries.length ? `\n${entries.join("\n")}\n  ` : "";
}

/** A page's routes (the page and its data URL) come from the generated pages.ts. */
function pageEntry(page: PageIR, index: number): string {
  return `    ...pageRoutes[${index}], // ${page.file}`;
}

/** Routes, WebSocket routes and pages interleaved, most specific first, as the router tries them. */
function routeTable(ir: AppIR, lazy: boolean): string[] {
  const entries = [
    ...ir.routes.map((route, i) => ({ routable: route, text: routeEntry(route, `route${i}`, lazy) })),
    ...ir.jobs.websockets.map((ws) => ({ routable: ws, text: webSocketEntry(ws) })),
    ...ir.pages.map((page, i) => ({ routable: page, text: pageEntry(page, i) })),
  ];
  return entries.sort((a, b) => compareSpecificity(a.routable, b.routable)).map((entry) => entry.text);
}

/** Each route module's loader, declared after the imports: `const route0 = lazyRoute("routes/a.ts", () => import("../../../routes/a.ts"));`. */
function lazyRouteLoaders(ir: AppIR, link: SourceLink): { imports: string[]; loaders: string[] } {
  if (ir.routes.length === 0) return { imports: [], loaders: [] };
  return {
    imports: ['import { lazyRoute } from "sdk/runtime/dev/lazy-route";'],
    loaders: ["", ...ir.routes.map((route, i) => `const route${i} = lazyRoute(${JSON.stringify(route.file)}, () => import(${importPath(link, route.file)}));`)],
  };
}

const BODILESS_METHODS = new Set(["GET", "HEAD"]);

/**
 * Whether any of the app's code can be handed a request body, and so meet a malformed one: a
 * route with a method other than GET or HEAD, a middleware (it runs for every method), a page
 * (its actions are POSTs) or sdk/auth's routes.
 */
function takesBodies(ir: AppIR, middlewareCount: number, authRouteCount: number): boolean {
  if (middlewareCount > 0 || authRouteCount > 0 || hasPages(ir)) return true;
  return ir.routes.some((route) => route.methods.some(({ method }) => !BODILESS_METHODS.has(method)));
}

/** Which createApp the app module calls, and from where. */
function appFactory(ir: AppIR, bodies: boolean): { createApp: string; createAppModule: string } {
  // sdk dev's app answers each middleware's and the route's time (Server-Timing) for the dashboard.
  if (ir.mode === "development") return { createApp: "timedApp", createAppModule: "sdk/runtime/dev/timing" };
  return { createApp: bodies ? "createApp" : "createAppWithoutBodies", createAppModule: "sdk/runtime/app" };
}

export function emitAppModule(ir: AppIR, link: SourceLink): string {
  const lazy = link.lazyRoutes ? lazyRouteLoaders(ir, link) : null;
  const database = queriedDatabase(ir);
  const auth = appAuthEntries(ir);
  const imports = [
    ...(database ? ['import "./database";'] : []),
    ...auth.imports,
    ...(needsPlatformModule(ir) ? ['import "./platform";'] : []),
    ...(ir.jobs.websockets.length > 0 ? ['import { webSocketUpgrade } from "sdk/runtime/ws/upgrade";'] : []),
    ...ir.middleware.map((mw, i) => `import middleware${i} from ${importPath(link, mw.file)};`),
    ...(lazy ? lazy.imports : ir.routes.map((route, i) => `import * as route${i} from ${importPath(link, route.file)};`)),
    ...(hasPages(ir) ? [`import { ${ir.notFoundPage ? "notFoundPage, pageRoutes" : "pageRoutes"} } from "./pages";`] : []),
    ...(lazy ? lazy.loaders : []),
  ];
  const middleware = [
    ...auth.middleware,
    ...ir.middleware.map((mw, i) => `    { file: ${JSON.stringify(mw.file)}, middleware: middleware${i} },`),
  ];
  const routes = [...auth.routes, ...routeTable(ir, lazy !== null)];
  return renderTemplate("app.ts.tpl", {
    ...appFactory(ir, takesBodies(ir, middleware.length, auth.routes.length)),
    imports: imports.join("\n"),
    production: String(ir.mode === "production"),
    markUnmatched: ir.routing.layer
      ? '\n  // Routing rules answer the paths no route matched (fallbacks, notFound): mark those 404s.\n  markUnmatched: true,'
      : "",
    notFoundPage: ir.notFoundPage ? "\n  notFoundPage," : "",
    middleware: list(middleware),
    routes: list(routes),
  });
}
