/**
 * The generated `database.ts`: registers the app's database for `sdk/db` (the connector for the
 * configured dialect, its binding, the schema module). Emitted only for an app that imports
 * `sdk/db`; one whose migrations nothing queries ships no database code.
 */
import { DB_MODULE } from "../compiler/db/database-ir.js";
import type { AppIR, DatabaseIR } from "../compiler/ir.js";
import type { SourceLink } from "./app-module.js";
import { renderTemplate } from "./template.js";

const CONNECTORS: Record<DatabaseIR["dialect"], { connector: string; module: string; description: string; perRequest: boolean }> = {
  sqlite: { connector: "d1Database", module: "d1", description: "D1", perRequest: false },
  pg: { connector: "postgresDatabase", module: "postgres", description: "PostgreSQL (a client per request)", perRequest: true },
  mysql: { connector: "mysqlDatabase", module: "mysql", description: "MySQL (a pool per request)", perRequest: true },
};

/** The database `sdk/db` queries, when the app has one and imports it. */
export function queriedDatabase(ir: AppIR): (DatabaseIR & { schemaFile: string }) | null {
  const database = ir.database;
  if (!database?.schemaFile || !ir.sdkImports.some((i) => i.specifier === DB_MODULE)) return null;
  return { ...database, schemaFile: database.schemaFile };
}

/** The worker entry's slots: every event in the database's scope when each opens its own client. */
export function workerDatabaseSlots(ir: AppIR): { scopeImport: string; scope: string } {
  const database = queriedDatabase(ir);
  if (!database || !CONNECTORS[database.dialect].perRequest) return { scopeImport: "", scope: "" };
  return { scopeImport: '\nimport { inDatabaseScope } from "sdk/runtime/db/registry";', scope: ", scope: inDatabaseScope" };
}

export function emitDatabaseModule(database: DatabaseIR & { schemaFile: string }, link: SourceLink): string {
  const { connector, module, description } = CONNECTORS[database.dialect];
  return renderTemplate("database.ts.tpl", {
    description,
    binding: database.binding,
    schemaFile: database.schemaFile,
    connector,
    connectorModule: module,
    schemaImport: JSON.stringify(`${link.projectRootFromGenerated}/${database.schemaFile}`),
  });
}
