/**
 * better-auth's field types (`string`, `number`, `boolean`, `date`, `json`, `string[]`,
 * `number[]`, a list of literals) as each dialect's Drizzle column builders, for the tables and
 * columns a plugin or `additionalFields` add to auth's. The rules are the static tables'
 * (schema-*.ts): ids and the columns that reference them are text (`varchar(36)` on MySQL), dates
 * are milliseconds on SQLite and `timestamp` elsewhere. Each dialect is its own export, so a
 * worker bundles only its own dialect's builders.
 */
import type { DBFieldAttribute } from "better-auth/db";
import * as mysql from "../db/schema-mysql.js";
import * as pg from "../db/schema-pg.js";
import * as sqlite from "../db/schema-sqlite.js";

/** What every dialect's column builders have in common, as the table builder uses them. */
export interface ColumnBuilder {
  notNull(): ColumnBuilder;
  default(value: unknown): ColumnBuilder;
  unique(): ColumnBuilder;
  references(target: () => unknown, actions: { onDelete: string }): ColumnBuilder;
  $onUpdate(update: () => unknown): ColumnBuilder;
}

interface IndexBuilder {
  on(...columns: unknown[]): unknown;
}

export interface DialectColumns {
  table(name: string, columns: Record<string, ColumnBuilder>, indexes: (table: Record<string, unknown>) => unknown[]): unknown;
  index(name: string): IndexBuilder;
  uniqueIndex(name: string): IndexBuilder;
  id(): ColumnBuilder;
  /** The column for a field, before `notNull`, defaults and references. */
  column(name: string, field: DBFieldAttribute): ColumnBuilder;
  /** A date column defaulting to the time of the insert. */
  defaultNow(column: ColumnBuilder): ColumnBuilder;
}

/** Milliseconds since the epoch, as better-auth's own SQLite schema stores its dates. */
export const SQLITE_NOW = sqlite.sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Builders typed for one column of any kind, which the table builder then narrows. */
const loose = (column: unknown) => column as ColumnBuilder;
const table = (build: (...args: never[]) => unknown) => build as DialectColumns["table"];
const literals = (field: DBFieldAttribute) => (Array.isArray(field.type) ? (field.type as [string, ...string[]]) : null);

/** The type better-auth stores a field as, once a reference (always to an id) is told apart. */
function kindOf(field: DBFieldAttribute): string {
  if (field.references) return "reference";
  if (Array.isArray(field.type)) return "literals";
  return field.type;
}

/**
 * A list or JSON value is a JSON string on SQLite and MySQL: better-auth's Drizzle adapter
 * serializes it itself there (it declares no JSON or array support for them), so a JSON column
 * would encode it twice.
 */
export const sqliteColumns: DialectColumns = {
  table: table(sqlite.sqliteTable),
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  id: () => loose(sqlite.text("id").primaryKey()),
  column(name, field) {
    switch (kindOf(field)) {
      case "boolean": return loose(sqlite.integer(name, { mode: "boolean" }));
      case "number": return loose(sqlite.integer(name, { mode: "number" }));
      case "date": return loose(sqlite.integer(name, { mode: "timestamp_ms" }));
      case "literals": return loose(sqlite.text(name, { enum: literals(field)! }));
      default: return loose(sqlite.text(name));
    }
  },
  defaultNow: (column) => column.default(SQLITE_NOW),
};

export const pgColumns: DialectColumns = {
  table: table(pg.pgTable),
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  id: () => loose(pg.text("id").primaryKey()),
  column(name, field) {
    const number = () => (field.bigint ? pg.bigint(name, { mode: "number" }) : pg.integer(name));
    switch (kindOf(field)) {
      case "boolean": return loose(pg.boolean(name));
      case "number": return loose(number());
      case "date": return loose(pg.timestamp(name));
      case "json": return loose(pg.jsonb(name));
      case "string[]": return loose(pg.text(name).array());
      case "number[]": return loose(number().array());
      case "literals": return loose(pg.text(name, { enum: literals(field)! }));
      default: return loose(pg.text(name));
    }
  },
  defaultNow: (column) => loose((column as unknown as pg.PgTimestampBuilderInitial<string>).defaultNow()),
};

/**
 * MySQL cannot key, index or default a `text` column: a string that is unique, indexed, sorted on
 * or has a default is `varchar(255)`, an id or a reference to one `varchar(36)`.
 */
export const mysqlColumns: DialectColumns = {
  table: table(mysql.mysqlTable),
  index: mysql.index,
  uniqueIndex: mysql.uniqueIndex,
  id: () => loose(mysql.varchar("id", { length: 36 }).primaryKey()),
  column(name, field) {
    switch (kindOf(field)) {
      case "reference": return loose(mysql.varchar(name, { length: 36 }));
      case "boolean": return loose(mysql.boolean(name));
      case "number": return loose(field.bigint ? mysql.bigint(name, { mode: "number" }) : mysql.int(name));
      case "date": return loose(mysql.timestamp(name, { fsp: 3 }));
      case "literals": return loose(mysql.mysqlEnum(name, literals(field)!));
      case "string": return loose(keyedString(field) ? mysql.varchar(name, { length: 255 }) : mysql.text(name));
      default: return loose(mysql.text(name));
    }
  },
  defaultNow: (column) => loose((column as unknown as mysql.MySqlTimestampBuilderInitial<string>).defaultNow()),
};

function keyedString(field: DBFieldAttribute): boolean {
  return Boolean(field.unique || field.index || field.sortable || (field.defaultValue !== undefined && typeof field.defaultValue !== "function"));
}
