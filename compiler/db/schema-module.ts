/**
 * db/schema.ts as the database commands need it: type-checked (a schema that does not type-check
 * would generate tables nobody meant), then run, so drizzle-kit can read its exported tables.
 */
import path from "node:path";
import { Project, ts } from "../ts-morph.js";
import { evaluateModule } from "../config/evaluate.js";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import { toPosixRelative } from "../paths.js";
import { resolveSdkModule } from "../resolve-sdk.js";
import { SCHEMA_MODULES } from "./database.js";

/** `sdk/schema*` as our compiled modules, so the schema runs and type-checks with this package's Drizzle. */
const COMPILED_SCHEMA_MODULES: [specifier: string, file: string][] = Object.values(SCHEMA_MODULES).map((specifier) => [specifier, resolveSdkModule(specifier)!]);

/** At most this many type errors are reported: the first ones are the ones to fix. */
const MAX_REPORTED = 10;

export async function loadSchemaModule(root: string, schemaFile: string): Promise<Record<string, unknown>> {
  const file = path.join(root, schemaFile);
  const typeErrors = checkSchemaTypes(root, file);
  if (typeErrors.length) throw new UserError(typeErrors);
  const aliases = Object.fromEntries(COMPILED_SCHEMA_MODULES);
  return evaluateModule(root, file, { aliases, codePrefix: "SDK_DB_SCHEMA", runs: "by sdk db generate" });
}

/** The type errors of the schema and the app modules it imports; packages are trusted. */
export function checkSchemaTypes(root: string, file: string): Diagnostic[] {
  const paths = Object.fromEntries(COMPILED_SCHEMA_MODULES.map(([specifier, file]) => [specifier, [file.replace(/\.js$/, ".d.ts")]]));
  const project = new Project({
    compilerOptions: {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      paths,
    },
  });
  project.addSourceFileAtPath(file);
  project.resolveSourceFileDependencies();
  const ownFiles = (name: string | undefined) => name !== undefined && !name.includes("/node_modules/") && !path.relative(root, name).startsWith("..");
  return project
    .getPreEmitDiagnostics()
    .filter((d) => ownFiles(d.getSourceFile()?.getFilePath()))
    .slice(0, MAX_REPORTED)
    .map((d) => {
      const source = d.getSourceFile()!;
      const { line, column } = source.getLineAndColumnAtPos(d.getStart() ?? 0);
      const message = ts.flattenDiagnosticMessageText(d.compilerObject.messageText, " ").split(/(?<=\.)\s/)[0];
      return error("SDK_DB_SCHEMA_TYPE", `${message} (TS${d.getCode()})`, {
        file: toPosixRelative(root, source.getFilePath()),
        line,
        column,
        hint: "Fix the type error: the tables are generated from what db/schema.ts declares.",
      });
    });
}
