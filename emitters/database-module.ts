/**
 * The generated `database.ts`: registers the app's database for `sdk/db` and auth (the connector
 * for the configured dialect, its binding, the schema module and auth's tables). Emitted only for
 * an app that imports `sdk/db` or has auth; one whose migrations nothing queries ships no
 * database code.
 */
import { DB_MODULE } from "../compiler/db/database-ir.js";
import type { AppIR, DatabaseIR } from "../compiler/ir.js";
import { authTablesModule } from "./auth-module.js";
import type { SourceLink } from "./source-link.js";
import { renderTemplate } from "./template.js";

const CONNECTORS: Record<DatabaseIR["dialect"], { connector: string; module: string; description: string; perRequest: boolean }> = {
  sqlite: { connector: "d1Database", module: "d1", description: "D1", perRequest: false },
  pg: { connector: "postgresDatabase", module: "postgres", description: "PostgreSQL (a client per request)", perRequest: true },
  mysql: { connector: "mysqlDatabase", module: "mysql", description: "MySQL (a pool per request)", perRequest: true },
};

/** The database the worker opens: the one `sdk/db` queries (imported, with a schema), and auth's. */
export function queriedDatabase(ir: AppIR): DatabaseIR | null {
  const database = ir.database;
  if (!database) return null;
  const queried = database.schemaFile !== null && ir.sdkImports.some((i) => i.specifier === DB_MODULE);
  return queried || ir.auth ? database : null;
}

/** The worker entry's slots: every event in the database's scope when each opens its own client. */
export function workerDatabaseSlots(ir: AppIR): { scopeImport: string; scope: string } {
  const database = queriedDatabase(ir);
  if (!database || !CONNECTORS[database.dialect].perRequest) return { scopeImport: "", scope: "" };
  return { scopeImport: '\nimport { inDatabaseScope } from "sdk/runtime/db/registry";', scope: ", scope: inDatabaseScope" };
}

/** `auth`: the app has auth, whose tables join the app's own (better-auth's adapter finds them there). */
export function emitDatabaseModule(database: DatabaseIR, auth: boolean, link: SourceLink): string {
  const { connector, module, description } = CONNECTORS[database.dialect];
  return renderTemplate("database.ts.tpl", {
    description,
    binding: database.binding,
    tables: [database.schemaFile, auth ? "sdk/auth (user, session, account, verification)" : null].filter(Boolean).join(" and "),
    connector,
    connectorModule: module,
    schema: schemaSlot(database, auth, link),
  });
}

/** `schema`: the app's schema module, auth's tables, or both merged. */
function schemaSlot(database: DatabaseIR, auth: boolean, link: SourceLink): string {
  const own = database.schemaFile && JSON.stringify(`${link.projectRootFromGenerated}/${database.schemaFile}`);
  const authTables = JSON.stringify(authTablesModule(database.dialect));
  if (!auth) return `import * as schema from ${own};`;
  if (!own) return `import * as schema from ${authTables};`;
  return `import * as appSchema from ${own};\nimport * as authSchema from ${authTables};\n\nconst schema = { ...appSchema, ...authSchema };`;
}
