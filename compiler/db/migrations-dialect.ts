/**
 * The dialect a migrations folder was generated for, and the error when the config now names
 * another. Each snapshot drizzle-kit writes in `db/migrations/meta/` records its dialect; SQL of
 * one dialect cannot be applied to a database of another (nor diffed against: drizzle-kit throws
 * an internal validation error), so a switched `database` stops every command that would use the
 * folder, naming the way out.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { error, type Diagnostic } from "../diagnostics.js";
import { toPosixRelative } from "../paths.js";
import { MIGRATION_FILE_NAME, SCHEMA_MODULES, type Dialect } from "./database.js";

/** drizzle-kit's names in a snapshot's `dialect`. */
const SNAPSHOT_DIALECTS: Record<string, Dialect> = { sqlite: "sqlite", postgresql: "pg", mysql: "mysql" };

export const DIALECT_LABELS: Record<Dialect, string> = { sqlite: "SQLite (D1)", pg: "PostgreSQL", mysql: "MySQL" };

export interface RecordedDialect {
  dialect: Dialect;
  /** The snapshot that says so, project-relative. */
  snapshot: string;
}

/**
 * The dialect of the newest snapshot in `<dir>/meta/` (the one the next migration is diffed
 * against) when it is not `expected`; null when it is, or when there is none. Only that one is
 * read: the folder is scanned at every build and dev rebuild.
 */
export function foreignMigrations(root: string, dir: string, expected: Dialect): RecordedDialect | null {
  const meta = path.join(dir, "meta");
  if (!existsSync(meta)) return null;
  const newest = readdirSync(meta).filter((n) => MIGRATION_FILE_NAME.test(n.replace(/\.json$/, ".sql"))).sort().at(-1);
  if (!newest) return null;
  const snapshot = path.join(meta, newest);
  const dialect = SNAPSHOT_DIALECTS[snapshotDialect(snapshot) ?? ""];
  return dialect && dialect !== expected ? { dialect, snapshot: toPosixRelative(root, snapshot) } : null;
}

function snapshotDialect(file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { dialect?: string }).dialect;
  } catch {
    return undefined;
  }
}

/** Where the switch shows: the schema's builder import, else the config. */
export interface DialectSource {
  file: string;
  line?: number;
  column?: number;
}

/** `folder`: the migrations folder, project-relative. */
export function dialectChanged(folder: string, found: RecordedDialect, dialect: Dialect, at: DialectSource): Diagnostic {
  const was = DIALECT_LABELS[found.dialect];
  const now = DIALECT_LABELS[dialect];
  return error("SDK_DB_DIALECT_CHANGED", `${folder}/ holds ${was} migrations (${found.snapshot}), but this app's database is now ${now} ("${SCHEMA_MODULES[dialect]}", \`database\` in sdk.config.ts): ${was} SQL cannot be applied to a ${now} database, nor can the next migration be generated from it`, {
    ...at,
    hint: `run \`sdk db generate --switch-dialect\`: it moves ${folder}/ to ${folder}-${found.dialect}/ (the ${was} database still needs it) and the history sdk.lock.json keeps for it, then generates one ${now} migration that creates the whole schema; then \`sdk db migrate\`. Or set \`database\` back to the database these migrations are for`,
  });
}

/** The first import of a schema builder module in db/schema.ts or db/schema/*.ts, project-relative. */
export function schemaImportOf(root: string, sourceRoot: string): DialectSource | null {
  const schemaDir = path.join(sourceRoot, "db", "schema");
  const files = [path.join(sourceRoot, "db", "schema.ts"), ...(existsSync(schemaDir) ? readdirSync(schemaDir).filter((n) => n.endsWith(".ts")).sort().map((n) => path.join(schemaDir, n)) : [])];
  const builders = new Set(Object.values(SCHEMA_MODULES));
  for (const file of files.filter((f) => existsSync(f))) {
    const lines = readFileSync(file, "utf8").split("\n");
    for (const [index, line] of lines.entries()) {
      const match = /from\s+(["'])([^"']+)\1/.exec(line);
      // At the specifier's quote, where the scan places an import.
      if (match && builders.has(match[2])) return { file: toPosixRelative(root, file), line: index + 1, column: match.index + match[0].indexOf(match[1]) + 1 };
    }
  }
  return null;
}
