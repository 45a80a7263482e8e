/**
 * The files `sdk gen model` writes: the table in its own module under db/schema/, and the CRUD
 * routes under routes/api/<table>/, in the configured dialect. Paths are relative to the source
 * root (the project root, or `sourceDir`).
 */
import { SCHEMA_MODULES, type Dialect } from "../compiler/db/database.js";
import { COLUMN_SHAPES, TABLE_BUILDERS, type Model } from "../compiler/db/model.js";
import type { EmittedFile } from "./emitted-file.js";
import { renderTemplate } from "./template.js";

export function emitModelFiles(model: Model, dialect: Dialect): EmittedFile[] {
  const slots = { table: model.table, exportName: model.exportName, schemaImport: `../../../db/schema/${model.table}` };
  return [
    { path: `db/schema/${model.table}.ts`, content: tableModule(model, dialect) },
    { path: `routes/api/${model.table}/index.ts`, content: renderTemplate("model/collection-route.ts.tpl", { ...slots, ...insertCode(model, dialect) }) },
    { path: `routes/api/${model.table}/[id].ts`, content: renderTemplate("model/item-route.ts.tpl", slots) },
  ];
}

function tableModule(model: Model, dialect: Dialect): string {
  const shapes = COLUMN_SHAPES[dialect];
  const fieldShapes = model.fields.map((field) => shapes[field.type]);
  const builders = new Set([TABLE_BUILDERS[dialect], shapes.id.builder, shapes.createdAt.builder, ...fieldShapes.map((shape) => shape.builder)]);
  if (dialect === "sqlite") builders.add("sql");
  const columns = [
    `  id: ${shapes.id.call("id")},`,
    ...model.fields.map((field, i) => `  ${field.property}: ${fieldShapes[i]!.call(field.column)}${field.nullable ? "" : ".notNull()"},`),
    `  createdAt: ${shapes.createdAt.call("created_at")},`,
  ];
  const helpers = [...new Set(fieldShapes.flatMap((shape) => (shape.helper ? [shape.helper] : [])))];
  return renderTemplate("model/table.ts.tpl", {
    builders: [...builders].sort().join(", "),
    schemaModule: SCHEMA_MODULES[dialect],
    helpers: helpers.length ? `\n${helpers.join("\n")}\n` : "",
    exportName: model.exportName,
    tableBuilder: TABLE_BUILDERS[dialect],
    table: model.table,
    columns: columns.join("\n"),
    inputFields: model.fields.map((field) => `  ${field.property}: { kind: "${field.type}", nullable: ${field.nullable} },`).join("\n"),
  });
}

/** MySQL has no RETURNING: the new row is read back by the id the insert reports. */
function insertCode(model: Model, dialect: Dialect): { insert: string; dbImports: string } {
  const table = model.exportName;
  if (dialect !== "mysql") return { dbImports: "", insert: `  const [created] = await db.insert(${table}).values(input.values).returning();` };
  return {
    dbImports: "eq, ",
    insert: [
      `  const [{ id }] = await db.insert(${table}).values(input.values).$returningId();`,
      `  const [created] = await db.select().from(${table}).where(eq(${table}.id, id!));`,
    ].join("\n"),
  };
}
