/**
 * The one module that talks to drizzle-kit (pinned: its API moves fast). A schema module's exports
 * become a snapshot (drizzle-kit's JSON form of the tables), and two snapshots become the SQL
 * statements that turn the older into the newer, in the configured dialect. Renames never reach
 * drizzle-kit's interactive resolvers: compiler/db/renames.ts settles them first.
 */
import { requirePackages } from "../optional-packages.js";
import type { Dialect } from "./database.js";

/** drizzle-kit's snapshot JSON; we read its tables and pass the rest through untouched. */
export interface Snapshot {
  id: string;
  prevId: string;
  tables: Record<string, TableSnapshot>;
  [key: string]: unknown;
}

export interface TableSnapshot {
  name: string;
  /** PostgreSQL's schema ("" for public); absent in the other dialects. */
  schema?: string;
  columns: Record<string, { name: string; [key: string]: unknown }>;
  foreignKeys: Record<string, ForeignKeySnapshot | string>;
  [key: string]: unknown;
}

export interface ForeignKeySnapshot {
  name: string;
  tableFrom: string;
  tableTo: string;
  columnsFrom: string[];
  columnsTo: string[];
  onDelete?: string;
}

type DrizzleKit = typeof import("drizzle-kit/api");

let loaded: Promise<DrizzleKit> | undefined;
/** drizzle-kit is large; only the database commands load it. */
function drizzleKit(): Promise<DrizzleKit> {
  requirePackages("database", "comparing the schema with its migrations");
  return (loaded ??= import("drizzle-kit/api"));
}

/** The snapshot of a schema module's exported tables; `prevId` links it to the one it follows. */
export async function snapshotOf(dialect: Dialect, exports: Record<string, unknown>, prevId?: string): Promise<Snapshot> {
  const kit = await drizzleKit();
  if (dialect === "pg") return kit.generateDrizzleJson(exports, prevId) as unknown as Snapshot;
  if (dialect === "mysql") return (await kit.generateMySQLDrizzleJson(exports, prevId)) as unknown as Snapshot;
  return (await kit.generateSQLiteDrizzleJson(exports, prevId)) as unknown as Snapshot;
}

/** The snapshot of no tables: what the first migration is generated against. */
export function emptySnapshot(dialect: Dialect): Promise<Snapshot> {
  return snapshotOf(dialect, {});
}

/** The statements that migrate a database from `prev` to `next`, each ending in `;`. */
export async function migrationStatements(dialect: Dialect, prev: Snapshot, next: Snapshot): Promise<string[]> {
  const kit = await drizzleKit();
  type Pg = Parameters<DrizzleKit["generateMigration"]>[0];
  type MySql = Parameters<DrizzleKit["generateMySQLMigration"]>[0];
  type Sqlite = Parameters<DrizzleKit["generateSQLiteMigration"]>[0];
  if (dialect === "pg") return kit.generateMigration(prev as unknown as Pg, next as unknown as Pg);
  if (dialect === "mysql") return kit.generateMySQLMigration(prev as unknown as MySql, next as unknown as MySql);
  return kit.generateSQLiteMigration(prev as unknown as Sqlite, next as unknown as Sqlite);
}

/** drizzle-kit's marker between statements: wrangler runs the file as is, others split on it. */
export const STATEMENT_BREAKPOINT = "--> statement-breakpoint";
