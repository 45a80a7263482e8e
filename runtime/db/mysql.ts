/**
 * `sdk/db` on MySQL: mysql2 through the worker's Hyperdrive binding, one pool per request as
 * Hyperdrive expects (it pools the real connections). In local development the binding's
 * connection string is `DATABASE_URL`.
 */
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/mysql2";
import { createPool } from "mysql2/promise";
import { bindingOf } from "../platform/binding.js";
import type { DatabaseConnector } from "./registry.js";

interface Hyperdrive {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function mysqlDatabase(options: { binding: string; schema: Record<string, unknown> }): DatabaseConnector {
  return {
    kind: "per-request",
    open() {
      const { host, port, user, password, database } = bindingOf<Hyperdrive>(env, options.binding, { module: "sdk/db", kind: "Hyperdrive", declaredIn: "hyperdrive" });
      // Workers forbid code generation from strings, which mysql2's row parsers use unless told not to.
      // mysql2 allocates every connection's prepared-statement cache at full size (16,000 slots by
      // default, about 0.5 MB) on connect; a pool that lives for one request prepares few statements.
      const pool = createPool({ host, port, user, password, database, connectionLimit: 5, disableEval: true, maxPreparedStatements: 16 });
      return { db: drizzle(pool, { schema: options.schema, mode: "default" }), close: () => pool.end() };
    },
  };
}
