/** `sdk/schema-mysql`: Drizzle's table and column builders for MySQL (`database: "mysql"`). */
export * from "drizzle-orm/mysql-core";
/** For column defaults and relational queries, so a schema needs no import of drizzle-orm itself. */
export { relations, sql } from "drizzle-orm";
