/** When an app has auth, what it brings (the database, its binding) and the mistakes reported at build. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { scanAuth } from "../../../compiler/auth/auth-ir.ts";
import { UserError } from "../../../compiler/diagnostics.ts";
import { buildIR } from "../../../compiler/front-end.ts";
import { resolveProjectLayout } from "../../../compiler/scan/project.ts";
import type { SdkConfig } from "../../../compiler/config/define.ts";
import { REPO_ROOT } from "../../helpers/sdk-cli.ts";
import { removeScratch, scratchDir } from "../../helpers/scratch.ts";
import { brief, scanFixture } from "../../helpers/scan-ir.ts";

function app(files: Record<string, string>, config: SdkConfig = {}, target: "edge" | "node" = "edge") {
  const root = scratchDir("auth-scan");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  try {
    return buildIR(root, { config, target, mode: "production" });
  } finally {
    removeScratch(root);
  }
}

const ROUTE = { "routes/api/ping.ts": 'import { defineHandler } from "sdk";\nexport const GET = defineHandler(() => "pong");\n' };

test("an sdk/auth import turns auth on, email/password only, and gives the app its database", () => {
  const ir = scanFixture("auth-d1");
  assert.equal(ir.auth, { providers: ["email"], file: "auth.ts", source: "auth.ts:1:28" });
  assert.equal(ir.database, { dialect: "sqlite", binding: "DB", schemaFile: null, source: "auth.ts:1:28" });
  assert.equal(ir.bindings, [{ kind: "db", name: "DB", source: "auth.ts:1:28" }]);
  assert.equal(ir.diagnostics, []);
});

test("the config's auth alone, or auth.ts alone, turns auth on; the database stays even with bindings.db false", () => {
  const byConfig = app(ROUTE, { auth: { providers: ["github", "email"] }, inference: { bindings: { db: false } } });
  assert.equal(byConfig.auth, { providers: ["github", "email"], file: null, source: "auth" });
  assert.equal(byConfig.database?.source, "auth");
  assert.equal(byConfig.bindings.map((b) => b.kind), ["db"]);
  const byFile = app({ ...ROUTE, "auth.ts": "export default {};\n" });
  assert.equal(byFile.auth, { providers: ["email"], file: "auth.ts", source: "auth.ts" });
  assert.is(app(ROUTE).auth, null);
});

test("other targets have no auth: importing sdk/auth there is SDK_EDGE_ONLY_IMPORT", () => {
  const ir = app({ "routes/api/me.ts": 'import { requireUser } from "sdk/auth";\nimport { defineHandler } from "sdk";\nexport const GET = defineHandler(requireUser);\n' }, {}, "node");
  assert.is(ir.auth, null);
  assert.is(ir.database, null);
  assert.equal(ir.diagnostics.map(brief), ["error SDK_EDGE_ONLY_IMPORT routes/api/me.ts:1:29"]);
});

test("a table of the app's named like an auth table is SDK_AUTH_TABLE_CONFLICT at its name", () => {
  const ir = buildIR(path.join(REPO_ROOT, "spec", "broken", "auth-table-conflict"), { config: {}, target: "edge", mode: "production" });
  assert.equal(ir.diagnostics.map(brief), ["error SDK_AUTH_TABLE_CONFLICT db/schema.ts:4:34"]);
});

test("db/ importing sdk/auth (authTables for a foreign key) is SDK_AUTH_IMPORT_IN_SCHEMA at the import; routes may", () => {
  const ir = buildIR(path.join(REPO_ROOT, "spec", "broken", "auth-import-in-schema"), { config: {}, target: "edge", mode: "production" });
  assert.equal(ir.diagnostics.map(brief), ["error SDK_AUTH_IMPORT_IN_SCHEMA db/schema.ts:2:28"]);
  assert.equal(scanFixture("auth-pg", { config: { database: "pg", auth: { providers: ["email"] } } }).diagnostics, [], "auth-pg's routes/api/users.ts reads authTables");
});

test("sdk db generate meets the import first: scanAuth stops there, located, before db/schema.ts runs", () => {
  const { layout } = resolveProjectLayout(path.join(REPO_ROOT, "spec", "broken", "auth-import-in-schema"), {});
  try {
    scanAuth(layout, {});
    assert.unreachable();
  } catch (error) {
    assert.instance(error, UserError);
    assert.equal((error as UserError).diagnostics.map(brief), ["error SDK_AUTH_IMPORT_IN_SCHEMA db/schema.ts:2:28"]);
  }
});

test.run();
