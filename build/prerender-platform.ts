/**
 * workerd's own modules while prerendering. The app is bundled for Node to answer its prerendered
 * paths at build time, where `cloudflare:workers` and its kin do not exist, and every app using
 * `sdk/db`, `sdk/auth`, `sdk/env` or a durable-state class imports them. Each resolves here to a
 * stand-in without bindings: the app loads, pages that need no binding prerender, and a page that
 * reaches one fails its request, reported as SDK_PRERENDER_FAILED at that page.
 */
import type { Plugin } from "rollup";

const PREFIX = "cloudflare:";
const VIRTUAL = "\0sdk-prerender-platform:";

/** Every name the runtime and its dependencies import from workerd's modules. */
const STAND_IN = `
export const env = {};
export function waitUntil() {}
export class WorkerEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export class EmailMessage { constructor() { throw new Error("cloudflare:email cannot send while prerendering at build time"); } }
export function connect() { throw new Error("cloudflare:sockets cannot connect while prerendering at build time"); }
`;

export function prerenderPlatformModules(): Plugin {
  return {
    name: "sdk:prerender-platform",
    resolveId(source) {
      return source.startsWith(PREFIX) ? `${VIRTUAL}${source}` : null;
    },
    load(id) {
      return id.startsWith(VIRTUAL) ? STAND_IN : null;
    },
  };
}
