/**
 * `sdk/db` on PostgreSQL: postgres.js through the worker's Hyperdrive binding, one client per
 * request as Hyperdrive expects (it pools the real connections). In local development the
 * binding's connection string is `DATABASE_URL`.
 */
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { bindingOf } from "../platform/binding.js";
import type { DatabaseConnector } from "./registry.js";

interface Hyperdrive {
  connectionString: string;
}

const CONNECT_TIMEOUT_S = 10;

export function postgresDatabase(options: { binding: string; schema: Record<string, unknown> }): DatabaseConnector {
  return {
    kind: "per-request",
    open() {
      const { connectionString } = bindingOf<Hyperdrive>(env, options.binding, { module: "sdk/db", kind: "Hyperdrive", declaredIn: "hyperdrive" });
      // Hyperdrive caches the catalog; fetching array types per client would cost a round trip each request.
      // A connection not ready in 10 s fails its query, rather than holding the request for postgres.js's 30 s.
      const client = postgres(connectionString, { max: 5, fetch_types: false, connect_timeout: CONNECT_TIMEOUT_S });
      return { db: drizzle(client, { schema: options.schema }), close: () => client.end() };
    },
  };
}
