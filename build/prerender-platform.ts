/**
 * workerd's own modules while prerendering. The app is bundled for Node to answer its prerendered
 * paths at build time, where `cloudflare:workers` and its kin do not exist, and every app using
 * `sdk/db`, `sdk/auth`, `sdk/env` or a durable-state class imports them. Each resolves here to a
 * stand-in without bindings whose `env` notes every name read (prerender-reads.ts): the app loads,
 * pages that need no binding prerender, and a page that reaches one is left to the deploy.
 */
import type { Plugin } from "rollup";
import { READS_GLOBAL } from "./prerender-reads.js";

const PREFIX = "cloudflare:";
const VIRTUAL = "\0sdk-prerender-platform:";

/** Every name the runtime and its dependencies import from workerd's modules. */
const STAND_IN = `
const reads = (globalThis[${JSON.stringify(READS_GLOBAL)}] ??= new Set());
export const env = new Proxy({}, {
  get(_target, name) {
    // A promise check (\`then\`) or a serializer's probe is not a binding read.
    if (typeof name === "string" && name !== "then" && name !== "toJSON") reads.add(name);
    return undefined;
  },
});
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
