/**
 * `sdk/db`: the app's Drizzle database, typed by db/schema.ts (`sdk prepare` writes the types),
 * plus Drizzle's operators (`eq`, `and`, `sql`, ...) and `parseInput` for request bodies. On the
 * edge it is the D1 binding, or, with `database: "pg" | "mysql"`, a client through Hyperdrive.
 */
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { MySql2Database } from "drizzle-orm/mysql2";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { currentDatabase } from "./registry.js";

export * from "drizzle-orm";
export { parseInput, type InputResult, type InputSpec } from "./input.js";

/**
 * What `sdk prepare` declares for this app in `.sdk/types/db.d.ts`:
 * `{ schema: typeof import("../../db/schema"); dialect: "sqlite" | "pg" | "mysql" }`.
 */
export interface DatabaseTypes {}

type Schema = DatabaseTypes extends { schema: infer S extends Record<string, unknown> } ? S : Record<string, never>;
type DialectOf<T> = T extends { dialect: infer D } ? D : "sqlite";

export type Database = DialectOf<DatabaseTypes> extends "pg"
  ? PostgresJsDatabase<Schema>
  : DialectOf<DatabaseTypes> extends "mysql"
    ? MySql2Database<Schema>
    : DrizzleD1Database<Schema>;

/** Forwards every use to the database of the code running now, opened on first use. */
export const db: Database = new Proxy({} as Database, {
  get(_, key) {
    const target = currentDatabase() as Record<PropertyKey, unknown>;
    const value = Reflect.get(target, key);
    return typeof value === "function" ? value.bind(target) : value;
  },
});
