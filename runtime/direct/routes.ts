/**
 * The route handlers a server may call without Hono's dispatch: `createApp` marks each plain
 * route registration here (one method, one handler, no HEAD pairing), so a server that finds
 * exactly that handler as a request's only match can run the route's function itself.
 */
import type { Context, NotFoundHandler } from "hono";
import type { Awaitable } from "../thenable.js";
import type { DirectAnswer } from "./answer.js";

export interface DirectRoute {
  /** The `defineHandler()` function. */
  readonly fn: (c: Context) => unknown;
  /**
   * A route that gives its direct answer itself, run in place of `fn`: a page, whose document
   * (runtime/pages/html-document.ts) the server sends as it is, or a Response. `touched()` says
   * whether the route set a status or a header, which only a Response carries.
   */
  readonly answer?: (c: Context, touched: () => boolean) => Awaitable<DirectAnswer>;
  /** e.g. `GET routes/api/users/[id].ts`, for the error log. */
  readonly source: string;
  readonly production: boolean;
  /** The app's not-found answer, which `c.notFound()` gives. */
  readonly notFound: NotFoundHandler;
}

const directRoutes = new WeakMap<object, DirectRoute>();

export function markDirect(registered: object, route: DirectRoute): void {
  directRoutes.set(registered, route);
}

export function directRouteOf(registered: unknown): DirectRoute | undefined {
  return typeof registered === "function" ? directRoutes.get(registered) : undefined;
}
