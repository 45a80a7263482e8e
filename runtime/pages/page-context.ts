/**
 * What a loader and `head()` see when the browser router fetches a page's data: the page's own
 * URL, path and parameters, exactly as on the first load. Without this, `c.req.url` would end in
 * `/__data.json` (a canonical link built from it would be wrong on every navigation) and a
 * catch-all page's parameter would carry the suffix.
 */
import type { Context } from "hono";
import { HonoRequest } from "hono/request";
import { asRequest } from "../request/lazy-request.js";
import { pageUrlForData } from "./data-url.js";
import { PageRequest } from "./page-request.js";

/** `c` with `c.req` replaced by the page's request; everything else (variables, env, headers set) is `c`'s own. */
export function pageContextForData(c: Context, params: Readonly<Record<string, string>>): Context {
  const url = new URL(c.req.url);
  url.pathname = pageUrlForData(url.pathname) ?? url.pathname;
  const raw = asRequest(new PageRequest(c.req.raw, url.href));
  // HonoRequest decodes parameter values when read; encoding them here gives back the exact strings.
  const encoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) encoded[name] = encodeURIComponent(value);
  // A match result with the values inline (no stash); the handler slot is never read.
  const match = [[[undefined, encoded]]] as unknown as ConstructorParameters<typeof HonoRequest>[2];
  const req = new HonoRequest(raw, pageUrlForData(c.req.path) ?? c.req.path, match);
  // Context keeps its state in private fields: members must run against `c` itself, not the proxy.
  return new Proxy(c, {
    get(target, key) {
      if (key === "req") return req;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
}
