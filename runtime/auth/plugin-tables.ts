/**
 * The auth tables better-auth needs for an app's options: `getAuthTables(options)` (better-auth's
 * own answer, plugins' tables and `additionalFields` included) as Drizzle tables, keyed by model
 * name as its Drizzle adapter looks them up. One of the four static tables (schema-*.ts) is used
 * as it is when the options add nothing to it; a table they extend, and every plugin's table, is
 * built from better-auth's fields by the dialect's columns (field-columns.ts), which give the four
 * exactly their static columns (spec/compiler/auth/plugin-tables.test.ts). `sdk db generate` diffs the
 * result into the migrations and the worker hands it to the adapter: one function for both, so
 * the tables the worker queries are the ones migrated.
 */
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import { getAuthTables, type BetterAuthDBSchema, type DBFieldAttribute } from "better-auth/db";
import type { BetterAuthOptions } from "better-auth";
import type { ColumnBuilder, DialectColumns } from "./field-columns.js";

type AuthTable = BetterAuthDBSchema[string];

/** better-auth's field types; a list of literals (an enum) is the other one. */
const FIELD_TYPES = ["string", "number", "boolean", "date", "json", "string[]", "number[]"];

/** An option better-auth cannot store: names the table and field, for a located error at generate time. */
export class AuthFieldError extends Error {
  constructor(readonly table: string, readonly field: string, message: string) {
    super(message);
  }
}

function snakeCase(name: string): string {
  return name.replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase();
}

/** Every table better-auth will query for these options (those it leaves to the app excepted). */
export function authTablesFor(options: BetterAuthOptions, staticTables: Record<string, unknown>, columns: DialectColumns): Record<string, Table> {
  const wanted = Object.entries(getAuthTables(options)).filter(([, table]) => !table.disableMigrations);
  const built: Record<string, Table> = {};
  // Keyed by better-auth's own key too, which is what a reference names.
  const byKey: Record<string, Table> = {};
  const find = (model: string) => wanted.find(([key, table]) => key === model || table.modelName === model);
  const column = (model: string, field: string) => {
    const [key, target] = find(model)!;
    return (byKey[key] as unknown as Record<string, unknown>)[target.fields[field]?.fieldName ?? field];
  };
  for (const [, table] of wanted) {
    for (const [property, field] of Object.entries(table.fields)) {
      const model = field.references?.model;
      if (model && !find(model)) throw new AuthFieldError(table.modelName, property, `${table.modelName}.${property} references ${model}, which is not one of auth's tables.`);
    }
  }
  for (const [key, table] of wanted) {
    const own = staticTables[key] as Table | undefined;
    byKey[key] = built[table.modelName] = own && matchesStatic(own, table) ? own : buildTable(table, columns, column);
  }
  return built;
}

/** A static table serves when its name and columns are those better-auth asks for. */
function matchesStatic(own: Table, table: AuthTable): boolean {
  const existing = Object.keys(getTableColumns(own)).sort();
  const wanted = ["id", ...Object.entries(table.fields).map(([key, field]) => field.fieldName ?? key)].sort();
  return getTableName(own) === snakeCase(table.modelName) && existing.join() === wanted.join();
}

type Reference = (model: string, field: string) => unknown;

function buildTable(table: AuthTable, columns: DialectColumns, reference: Reference): Table {
  const name = snakeCase(table.modelName);
  const fields = Object.entries(table.fields).map(([key, field]) => [field.fieldName ?? key, field] as const);
  const inCompoundIndex = new Set((table.indexes ?? []).flatMap((index) => index.fields as readonly string[]));
  const builders: Record<string, ColumnBuilder> = { id: columns.id() };
  for (const [property, field] of fields) {
    checkType(table.modelName, property, field);
    // A compound index's strings need a length on MySQL, like an indexed field's.
    const indexed = inCompoundIndex.has(property) ? { ...field, index: true } : field;
    builders[property] = columnFor(columns, snakeCase(property), indexed, reference);
  }
  return columns.table(name, builders, (built) => [
    ...fields.filter(([, field]) => field.index && !field.unique).map(([property]) => columns.index(`${name}_${snakeCase(property)}_idx`).on(built[property])),
    ...(table.indexes ?? []).map((index) => {
      const properties = index.fields.map((field) => table.fields[field]?.fieldName ?? field);
      const indexName = index.name ?? `${name}_${properties.map(snakeCase).join("_")}_${index.unique ? "uidx" : "idx"}`;
      return (index.unique ? columns.uniqueIndex(indexName) : columns.index(indexName)).on(...properties.map((property) => built[property]));
    }),
  ]) as Table;
}

function checkType(table: string, property: string, field: DBFieldAttribute): void {
  const type = field.type as unknown;
  const literals = Array.isArray(type) && type.length > 0 && type.every((value) => typeof value === "string");
  if (!literals && !FIELD_TYPES.includes(type as string)) {
    throw new AuthFieldError(table, property, `${table}.${property} has type ${JSON.stringify(type)}, which better-auth cannot store; the types are ${FIELD_TYPES.join(", ")} or a list of strings.`);
  }
}

/** `notNull`, defaults, uniqueness and the reference, as better-auth declares them. */
function columnFor(columns: DialectColumns, name: string, field: DBFieldAttribute, reference: Reference): ColumnBuilder {
  let column = columns.column(name, field);
  if (field.required) column = column.notNull();
  const fallback = field.defaultValue;
  // A function default is better-auth's to call at insert; only "now" has a database form.
  if (typeof fallback === "function") {
    if (field.type === "date") column = columns.defaultNow(column);
  } else if (fallback !== undefined && fallback !== null && typeof fallback !== "object") {
    column = column.default(fallback);
  }
  if (field.onUpdate) column = column.$onUpdate(field.onUpdate);
  if (field.unique) column = column.unique();
  const target = field.references;
  if (target) column = column.references(() => reference(target.model, target.field), { onDelete: target.onDelete ?? "cascade" });
  return column;
}
