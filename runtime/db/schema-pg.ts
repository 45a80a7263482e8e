/** `sdk/schema-pg`: Drizzle's table and column builders for PostgreSQL (`database: "pg"`). */
export * from "drizzle-orm/pg-core";
/** For column defaults and relational queries, so a schema needs no import of drizzle-orm itself. */
export { relations, sql } from "drizzle-orm";
