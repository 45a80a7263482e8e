/**
 * The page table of `sdk dev` on the edge. Each page, server module and layout is imported one by
 * one, so one that does not load (a syntax error, an import of a missing package or file) never
 * stops the worker from starting: it is served in its last good version (last-good.ts), or,
 * before it ever loaded, its page answers the error while every other route answers as usual.
 */
import type { Context } from "hono";
import type { RouteDefinition } from "../app.js";
import { defineHandler } from "../index.js";
import { createNotFoundPage, createPageRoutes, type PageRoutesOptions } from "../pages/routes.js";
import type { PageDefinition } from "../pages/types.js";
import type { Awaitable } from "../thenable.js";
import { loadSourceModule } from "./last-good.js";

/** What stands for a module that has never loaded: the error its page answers with. */
class UnloadedModule {
  constructor(readonly error: unknown) {}
}

export function pageModule<T>(file: string, load: () => Promise<T>): Promise<T> {
  return loadSourceModule(file, load as () => Promise<Record<string, unknown>>).catch((error: unknown) => new UnloadedModule(error)) as Promise<T>;
}

export function devPageRoutes(pages: readonly PageDefinition[], options: PageRoutesOptions): RouteDefinition[][] {
  return pages.map((page) => {
    const error = unloaded(page);
    if (error === undefined) return createPageRoutes([page], options)[0]!;
    const fail = defineHandler(() => {
      throw error;
    });
    return [{ pattern: page.pattern, file: page.id, handlers: { GET: fail, POST: fail } }];
  });
}

export function devNotFoundPage(page: PageDefinition, options: PageRoutesOptions): (c: Context) => Awaitable<Response> | undefined {
  // Paths nothing answers get the app's plain 404 until pages/404 loads; its error is printed.
  return unloaded(page) === undefined ? createNotFoundPage(page, options) : () => undefined;
}

function unloaded(page: PageDefinition): unknown {
  const modules: unknown[] = [page.page, page.server, ...page.layouts.map((layout) => layout.module)];
  return modules.find((module): module is UnloadedModule => module instanceof UnloadedModule)?.error;
}
