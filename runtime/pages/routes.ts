/**
 * The page table as routes createApp accepts: per page, the page itself (GET, and POST when it
 * has actions) and its data URL (`<pattern>/__data.json`). They share the route table with API
 * routes, so middleware, routing rules and ISR treat pages like any other path.
 */
import type { Context } from "hono";
import type { RouteDefinition } from "../app.js";
import { defineHandler, type Handler } from "../index.js";
import { andThen, type Awaitable } from "../thenable.js";
import { createActionHandler } from "./actions.js";
import { DATA_SUFFIX, pageUrlForData } from "./data-url.js";
import { createPageRenderer, documentResponse, jsonTextResponse, type PageDocument, type PageRenderOptions } from "./page-renderer.js";
import type { PageDefinition } from "./types.js";

export type PageRoutesOptions = PageRenderOptions;

/**
 * One array per page, aligned with `pages`: `[page route, data route]`, or only the page route
 * for a catch-all page, whose pattern matches its own data URLs (the router takes no segment after
 * a catch-all). Place each array where the page sorts among the routes: the data route's only
 * overlaps are with routes the page itself sorts before.
 */
export function createPageRoutes(pages: readonly PageDefinition[], options: PageRoutesOptions): RouteDefinition[][] {
  return pages.map((page) => routesFor(page, options));
}

/**
 * `pages/404.tsx`, rendered with status 404 for a browser asking for a path nothing answers;
 * undefined for fetch() and API clients, which keep the app's JSON 404.
 */
export function createNotFoundPage(page: PageDefinition, options: PageRoutesOptions): (c: Context) => Awaitable<Response> | undefined {
  const renderer = createPageRenderer(page, options);
  return (c) => (wantsDocument(c) ? renderer.document(c, undefined, 404) : undefined);
}

/** A browser loading a page, as opposed to fetch() or an API client: GET or HEAD that accepts HTML. */
function wantsDocument(c: Context): boolean {
  return (c.req.method === "GET" || c.req.method === "HEAD") && (c.req.header("accept") ?? "").includes("text/html");
}

function routesFor(page: PageDefinition, options: PageRoutesOptions): RouteDefinition[] {
  const renderer = createPageRenderer(page, options);
  const catchAll = catchAllName(page.pattern);
  const handlers: Record<string, Handler<unknown>> = {
    GET: defineHandler((c) => answerGet(c, catchAll, { document: (c) => renderer.document(c), data: renderer.data })),
  };
  const server = page.server;
  if (server?.action !== undefined || server?.actions !== undefined) {
    handlers.POST = createActionHandler(page, server, renderer, options.production);
  }
  const pageRoute: RouteDefinition = {
    pattern: page.pattern,
    file: page.id,
    handlers,
    directAnswer: (c, touched) => andThen(answerGet(c, catchAll, { document: renderer.page, data: renderer.dataText }), (answer) => respondIfTouched(c, touched, answer)),
  };
  if (catchAll !== undefined) return [pageRoute];
  const dataRoute: RouteDefinition = {
    pattern: dataPatternFor(page.pattern),
    file: page.id,
    handlers: { GET: defineHandler((c) => renderer.data(c, c.req.param())) },
    directAnswer: (c, touched) => andThen(renderer.dataText(c, c.req.param()), (answer) => respondIfTouched(c, touched, answer)),
  };
  return [pageRoute, dataRoute];
}

/**
 * A direct answer as it is: the document or the JSON text, which the servers write without a
 * Response. Where the loader set a status or a header, c.html()'s or c.body()'s Response instead,
 * which carries them.
 */
function respondIfTouched(c: Context, touched: () => boolean, answer: PageDocument | string | Response): PageDocument | string | Response {
  if (answer instanceof Response || !touched()) return answer;
  return typeof answer === "string" ? jsonTextResponse(c, answer) : documentResponse(c, answer);
}

/**
 * How a page route answers: as Responses under Hono's dispatch; on the servers' direct path as
 * the HtmlDocument and the JSON text, which the servers write without building a Response.
 */
interface PageAnswers<Document, Data> {
  document(c: Context): Awaitable<Document>;
  data(c: Context, params: Readonly<Record<string, string>>): Awaitable<Data>;
}

/**
 * A path ending in `/__data.json` reaches a page route in two ways: a catch-all page's own data
 * URL (`/docs/a/__data.json`: the catch-all took `a/__data.json`), answered as data for `a`; or a
 * parameter that took the suffix (`/blog/__data.json` on `/blog/:slug`, the data of a `/blog`
 * page that does not exist), which is no page at all.
 */
function answerGet<Document, Data>(c: Context, catchAll: string | undefined, answers: PageAnswers<Document, Data>): Awaitable<Document | Data | Response> {
  if (pageUrlForData(c.req.path) === null) return answers.document(c);
  const params = c.req.param();
  const value = catchAll === undefined ? undefined : params[catchAll];
  if (value === undefined || !value.endsWith(DATA_SUFFIX)) return c.notFound();
  return answers.data(c, { ...params, [catchAll!]: value.slice(0, -DATA_SUFFIX.length) });
}

function dataPatternFor(pattern: string): string {
  return pattern === "/" ? DATA_SUFFIX : pattern + DATA_SUFFIX;
}

/** The parameter name of a final `:name{.+}`, the only catch-all form the route table uses. */
function catchAllName(pattern: string): string | undefined {
  return /\/:([A-Za-z_][A-Za-z0-9_]*)\{\.\+\}$/.exec(pattern)?.[1];
}
