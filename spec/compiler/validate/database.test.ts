import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIR } from "../../../compiler/front-end.ts";
import { validateDatabase } from "../../../compiler/validate/database.ts";
import { brief, irWith, scanFixture } from "../../helpers/scan-ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const schemaImport = (specifier: string) => ({ file: "db/schema.ts", specifier, line: 1, column: 30 });
const dbImport = { file: "routes/posts.ts", specifier: "sdk/db", line: 2, column: 20 };
const database = { dialect: "sqlite" as const, binding: "DB", schemaFile: "db/schema.ts", source: "routes/posts.ts:2:20" };

test("schema builders of the configured dialect are fine; another dialect's are an error at the import", () => {
  assert.equal(validateDatabase(irWith({ sdkImports: [schemaImport("sdk/schema")] })), []);
  assert.equal(validateDatabase(irWith({ config: { database: "pg" }, sdkImports: [schemaImport("sdk/schema-pg")] })), []);
  const wrong = validateDatabase(irWith({ config: { database: "mysql" }, sdkImports: [schemaImport("sdk/schema-pg")] }));
  assert.equal(wrong.map(brief), ["error SDK_DB_WRONG_DIALECT db/schema.ts:1:30"]);
  assert.match(wrong[0]!.message, 'builds tables for PostgreSQL (`database: "pg"`), but this app\'s database is MySQL');
  assert.match(wrong[0]!.hint!, 'Import the builders from "sdk/schema-mysql"');
  const omitted = validateDatabase(irWith({ sdkImports: [schemaImport("sdk/schema-mysql")] }));
  assert.match(omitted[0]!.message, "the managed SQLite-based database (D1, `database` omitted)");
});

test("sdk/db without db/schema.ts is an error at the import that names the file to create", () => {
  const diagnostics = validateDatabase(irWith({ sdkImports: [dbImport], database: { ...database, schemaFile: null }, sourceDir: "app" }));
  assert.equal(diagnostics.map(brief), ["error SDK_DB_NO_SCHEMA routes/posts.ts:2:20"]);
  assert.match(diagnostics[0]!.hint!, "Create app/db/schema.ts");
});

test("scanned: an edge app importing sdk/db has its database, binding and schema in the IR", () => {
  const ir = scanFixture("db-d1");
  assert.equal(ir.diagnostics.filter((d) => d.severity === "error"), []);
  assert.equal(ir.database, { dialect: "sqlite", binding: "DB", schemaFile: "db/schema.ts", source: "routes/api/posts/[id].ts:2:24" });
  assert.equal(ir.bindings, [{ kind: "db", name: "DB", source: "routes/api/posts/[id].ts:2:24" }]);
  const renamed = scanFixture("db-pg", { config: { database: "pg", inference: { bindings: { db: "POSTGRES" } } } });
  assert.equal([renamed.database?.dialect, renamed.database?.binding], ["pg", "POSTGRES"]);
});

test("scanned: other targets have no database, and importing sdk/db there stays the edge-only error", () => {
  const ir = scanFixture("db-d1", { target: "node" });
  assert.is(ir.database, null);
  assert.ok(ir.diagnostics.some((d) => d.code === "SDK_EDGE_ONLY_IMPORT" && d.file === "routes/api/posts/index.ts"));
});

test("scanned: checked-in migrations under sourceDir need the binding even with inference.bindings.db false", () => {
  const root = scratchDir("db-migrations-only");
  mkdirSync(path.join(root, "app", "db", "migrations"), { recursive: true });
  mkdirSync(path.join(root, "app", "routes"), { recursive: true });
  writeFileSync(path.join(root, "app", "db", "migrations", "20261125000000_init.sql"), "CREATE TABLE notes (id INTEGER PRIMARY KEY);\n");
  writeFileSync(path.join(root, "app", "routes", "ping.ts"), 'import { defineHandler } from "sdk";\nexport const GET = defineHandler(() => "pong");\n');
  const ir = buildIR(root, { config: { sourceDir: "app", inference: { bindings: { db: false } } }, target: "edge", mode: "production" });
  assert.equal(ir.diagnostics.filter((d) => d.severity === "error"), []);
  assert.equal(ir.database, { dialect: "sqlite", binding: "DB", schemaFile: null, source: "app/db/migrations" });
  assert.equal(ir.bindings, [{ kind: "db", name: "DB", source: "app/db/migrations" }]);
});

test.run();
