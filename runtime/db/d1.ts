/** `sdk/db` on D1: Drizzle over the worker's D1 binding, shared by every request of the isolate. */
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import type { DatabaseConnector } from "./registry.js";
import { bindingOf } from "../platform/binding.js";

export function d1Database(options: { binding: string; schema: Record<string, unknown> }): DatabaseConnector {
  return {
    kind: "shared",
    open: () => drizzle(bindingOf<Parameters<typeof drizzle>[0]>(env, options.binding, { module: "sdk/db", kind: "D1 database", declaredIn: "d1_databases" }), { schema: options.schema }),
  };
}
