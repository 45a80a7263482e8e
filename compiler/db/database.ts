/**
 * The app's database as its config chooses it: the SQL dialect, the binding the worker reaches it
 * through, and where its migrations live. Every database command and emitter asks here.
 */
import path from "node:path";
import type { SdkConfig } from "../config/define.js";
import type { ProjectLayout } from "../scan/project.js";

/** `sqlite` is the managed SQLite-based database (D1), the default when `database` is omitted. */
export type Dialect = "sqlite" | "pg" | "mysql";

/** Each dialect's module of Drizzle's table builders. */
export const SCHEMA_MODULES: Record<Dialect, string> = { sqlite: "sdk/schema", pg: "sdk/schema-pg", mysql: "sdk/schema-mysql" };

export function dialectOf(config: SdkConfig): Dialect {
  return config.database ?? "sqlite";
}

export const DEFAULT_DB_BINDING = "DB";

/**
 * The worker binding of the database: D1 for sqlite, Hyperdrive for pg and mysql. `DB` unless
 * `inference.bindings.db` names another.
 */
export function dbBindingName(config: SdkConfig): string {
  const setting = config.inference?.bindings?.db;
  return typeof setting === "string" ? setting : DEFAULT_DB_BINDING;
}

/** `<sourceRoot>/db/migrations`, whether or not it exists yet. */
export function migrationsDir(layout: Pick<ProjectLayout, "sourceRoot">): string {
  return path.join(layout.sourceRoot, "db", "migrations");
}

/** `20261125093000_add_tags.sql`: a UTC timestamp to the second, then a snake_case name. */
export const MIGRATION_FILE_NAME = /^(\d{14})_([a-z0-9][a-z0-9_]*)\.sql$/;

/**
 * `0001_create_notes.sql`: wrangler's numbered migrations, kept under their names when a wrangler
 * project is adopted, since the database's history table records them so. They apply before
 * every timestamped one.
 */
export const NUMBERED_MIGRATION_FILE_NAME = /^(\d{1,6})_(.+)\.sql$/;

/** The id a D1 binding's local state is kept under, by wrangler's own rule for local dev. */
export function localD1DatabaseId(entry: { binding: string; database_id?: string; preview_database_id?: string }): string {
  return entry.preview_database_id ?? entry.database_id ?? entry.binding;
}
