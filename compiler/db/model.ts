/**
 * `sdk gen model <name> <field:type>...` as data: the model's names, its fields, and how each field
 * type is written and validated in each dialect. The emitter turns this into files.
 */
import { closest } from "../config/hints.js";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import type { Dialect } from "./database.js";

export const FIELD_TYPES = ["string", "text", "integer", "real", "boolean", "datetime", "blob", "json"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface ModelField {
  /** The property in TypeScript and in request bodies: `authorName`. */
  property: string;
  /** The column: `author_name`. */
  column: string;
  type: FieldType;
  nullable: boolean;
}

export interface Model {
  /** Table name, file name and URL segment: `blog_posts`. */
  table: string;
  /** The exported table's name: `blogPosts`. */
  exportName: string;
  fields: ModelField[];
}

/** Every model has these; a field may not take their names. */
const GENERATED_COLUMNS = ["id", "created_at"];
const NAME = /^[a-z][a-z0-9_]*$/;
const FIELD = /^([A-Za-z][A-Za-z0-9_]*)(\?)?:(.*)$/;

export function parseModel(name: string | undefined, specs: readonly string[]): Model {
  const problems: Diagnostic[] = [];
  if (!name || !NAME.test(name)) {
    problems.push(error("SDK_GEN_MODEL_NAME", `"${name ?? ""}" is not a model name: lowercase letters, digits and underscores, starting with a letter.`, { hint: "For example: sdk gen model posts title:string body:text" }));
  }
  const fields: ModelField[] = [];
  for (const spec of specs) {
    const match = FIELD.exec(spec);
    if (!match) {
      problems.push(error("SDK_GEN_MODEL_FIELD", `"${spec}" is not a field: write name:type, or name?:type for one that may be empty.`, { hint: `For example title:string or author?:string; types: ${FIELD_TYPES.join(", ")}.` }));
      continue;
    }
    const [, property, optional, type] = match as unknown as [string, string, string | undefined, string];
    const column = snakeCase(property);
    if (!(FIELD_TYPES as readonly string[]).includes(type)) {
      const near = closest(type, FIELD_TYPES);
      problems.push(error("SDK_GEN_MODEL_TYPE", `"${type}" in ${spec} is not a column type.`, { hint: `${near ? `Did you mean ${near}? ` : ""}The types are ${FIELD_TYPES.join(", ")}.` }));
    } else if (GENERATED_COLUMNS.includes(column)) {
      problems.push(error("SDK_GEN_MODEL_FIELD", `${property} is a column every model gets (${GENERATED_COLUMNS.join(", ")}).`, { hint: `Leave ${property} out; it is generated.` }));
    } else if (fields.some((field) => field.column === column)) {
      problems.push(error("SDK_GEN_MODEL_FIELD", `${property} is given twice.`, { hint: "Give each field once." }));
    } else {
      fields.push({ property, column, type: type as FieldType, nullable: optional === "?" });
    }
  }
  if (!specs.length) problems.push(error("SDK_GEN_MODEL_FIELD", "A model needs at least one field.", { hint: "For example: sdk gen model posts title:string" }));
  if (problems.length) throw new UserError(problems);
  return { table: name!, exportName: camelCase(name!), fields };
}

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** How a field type is declared in a dialect: the builder to import and its call. */
export interface ColumnShape {
  builder: string;
  /** The builder call for column `name`, before `.notNull()`. */
  call(name: string): string;
  /** A helper the model file declares for this type (a custom type Drizzle has no builder for). */
  helper?: string;
}

const BLOB_HELPER = (sqlType: string) => `/** Binary data: Drizzle has no builder for ${sqlType} in this dialect. */
const binary = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "${sqlType}" });`;

export const COLUMN_SHAPES: Record<Dialect, Record<FieldType | "id" | "createdAt", ColumnShape>> = {
  sqlite: {
    id: { builder: "integer", call: (n) => `integer(${q(n)}).primaryKey({ autoIncrement: true })` },
    createdAt: { builder: "integer", call: (n) => `integer(${q(n)}, { mode: "timestamp" }).notNull().default(sql\`(unixepoch())\`)` },
    string: { builder: "text", call: (n) => `text(${q(n)})` },
    text: { builder: "text", call: (n) => `text(${q(n)})` },
    integer: { builder: "integer", call: (n) => `integer(${q(n)})` },
    real: { builder: "real", call: (n) => `real(${q(n)})` },
    boolean: { builder: "integer", call: (n) => `integer(${q(n)}, { mode: "boolean" })` },
    datetime: { builder: "integer", call: (n) => `integer(${q(n)}, { mode: "timestamp" })` },
    blob: { builder: "blob", call: (n) => `blob(${q(n)}, { mode: "buffer" })` },
    json: { builder: "text", call: (n) => `text(${q(n)}, { mode: "json" })` },
  },
  pg: {
    id: { builder: "serial", call: (n) => `serial(${q(n)}).primaryKey()` },
    createdAt: { builder: "timestamp", call: (n) => `timestamp(${q(n)}, { withTimezone: true }).notNull().defaultNow()` },
    string: { builder: "varchar", call: (n) => `varchar(${q(n)}, { length: 255 })` },
    text: { builder: "text", call: (n) => `text(${q(n)})` },
    integer: { builder: "integer", call: (n) => `integer(${q(n)})` },
    real: { builder: "doublePrecision", call: (n) => `doublePrecision(${q(n)})` },
    boolean: { builder: "boolean", call: (n) => `boolean(${q(n)})` },
    datetime: { builder: "timestamp", call: (n) => `timestamp(${q(n)}, { withTimezone: true })` },
    blob: { builder: "customType", call: (n) => `binary(${q(n)})`, helper: BLOB_HELPER("bytea") },
    json: { builder: "jsonb", call: (n) => `jsonb(${q(n)})` },
  },
  mysql: {
    id: { builder: "int", call: (n) => `int(${q(n)}).primaryKey().autoincrement()` },
    createdAt: { builder: "timestamp", call: (n) => `timestamp(${q(n)}).notNull().defaultNow()` },
    string: { builder: "varchar", call: (n) => `varchar(${q(n)}, { length: 255 })` },
    text: { builder: "text", call: (n) => `text(${q(n)})` },
    integer: { builder: "int", call: (n) => `int(${q(n)})` },
    real: { builder: "double", call: (n) => `double(${q(n)})` },
    boolean: { builder: "boolean", call: (n) => `boolean(${q(n)})` },
    datetime: { builder: "datetime", call: (n) => `datetime(${q(n)})` },
    blob: { builder: "customType", call: (n) => `binary(${q(n)})`, helper: BLOB_HELPER("blob") },
    json: { builder: "json", call: (n) => `json(${q(n)})` },
  },
};

export const TABLE_BUILDERS: Record<Dialect, string> = { sqlite: "sqliteTable", pg: "pgTable", mysql: "mysqlTable" };

function q(name: string): string {
  return JSON.stringify(name);
}
