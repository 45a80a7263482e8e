/** `sdk/schema`: Drizzle's table and column builders for the managed SQLite-based database (D1). */
export * from "drizzle-orm/sqlite-core";
/** For column defaults and relational queries, so a schema needs no import of drizzle-orm itself. */
export { relations, sql } from "drizzle-orm";
