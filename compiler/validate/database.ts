/**
 * The database's rules: schema builders of the configured dialect only, and a schema for `sdk/db`
 * to be typed by. (`sdk/db` with its binding turned off is validate/disabled-bindings.ts.)
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR, ImportIR } from "../ir.js";
import { dialectOf, SCHEMA_MODULES, type Dialect } from "../db/database.js";
import { DB_MODULE } from "../db/database-ir.js";
import { dialectChanged } from "../db/migrations-dialect.js";


const DIALECT_NAMES: Record<Dialect, string> = {
  sqlite: "the managed SQLite-based database (D1, `database` omitted)",
  pg: 'PostgreSQL (`database: "pg"`)',
  mysql: 'MySQL (`database: "mysql"`)',
};

export function validateDatabase(ir: AppIR): Diagnostic[] {
  const dialect = dialectOf(ir.config);
  const at = (imported: ImportIR) => ({ file: imported.file, line: imported.line, column: imported.column });
  const diagnostics: Diagnostic[] = [];
  for (const imported of ir.sdkImports) {
    const importedDialect = dialectOfSchemaModule(imported.specifier);
    if (importedDialect && importedDialect !== dialect) {
      diagnostics.push(error("SDK_DB_WRONG_DIALECT", `"${imported.specifier}" builds tables for ${DIALECT_NAMES[importedDialect]}, but this app's database is ${DIALECT_NAMES[dialect]}.`, {
        ...at(imported),
        hint: `Import the builders from "${SCHEMA_MODULES[dialect]}", or set \`database\` in sdk.config.ts to the database this schema is written for.`,
      }));
    }
  }
  const foreign = ir.database?.foreignMigrations;
  if (foreign) {
    const schemaImport = ir.sdkImports.find((i) => dialectOfSchemaModule(i.specifier) === dialect);
    const folder = [ir.sourceDir, "db", "migrations"].filter(Boolean).join("/");
    diagnostics.push(dialectChanged(folder, foreign, dialect, schemaImport ? at(schemaImport) : { file: "sdk.config.ts" }));
  }
  const dbImport = ir.target === "edge" ? ir.sdkImports.find((i) => i.specifier === DB_MODULE) : undefined;
  if (!dbImport) return diagnostics;
  if (ir.database && !ir.database.schemaFile) {
    diagnostics.push(error("SDK_DB_NO_SCHEMA", `"${DB_MODULE}" is imported, but the app has no db/schema.ts to type the database with.`, {
      ...at(dbImport),
      hint: `Create ${ir.sourceDir ? `${ir.sourceDir}/` : ""}db/schema.ts with your tables (builders from "${SCHEMA_MODULES[dialectOf(ir.config)]}"), or run \`sdk gen model <name> <field:type>...\`.`,
    }));
  }
  return diagnostics;
}

function dialectOfSchemaModule(specifier: string): Dialect | null {
  const entry = Object.entries(SCHEMA_MODULES).find(([, module]) => module === specifier);
  return entry ? (entry[0] as Dialect) : null;
}
