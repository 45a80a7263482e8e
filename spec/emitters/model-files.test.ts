/**
 * What `sdk gen model` writes, per dialect, compared with snapshots/models/<dialect>/: the table
 * module, the two route modules, and the migration drizzle-kit generates from that table module
 * once it has run. `npm run snapshots:update` rewrites them; read the diff.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Dialect } from "../../compiler/db/database.ts";
import { generateMigration } from "../../compiler/db/generate.ts";
import { FIELD_TYPES, parseModel } from "../../compiler/db/model.ts";
import { loadSchemaModule } from "../../compiler/db/schema-module.ts";
import { emitModelFiles } from "../../emitters/model-files.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";

const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const SNAPSHOTS = path.join(REPO_ROOT, "snapshots", "models");

/** One field of every type, every other one nullable. */
const model = parseModel("blog_posts", FIELD_TYPES.map((type, i) => `${type}Field${i % 2 ? "?" : ""}:${type}`));

function matchesSnapshot(dialect: Dialect, file: string, content: string): void {
  const snapshot = path.join(SNAPSHOTS, dialect, file);
  if (UPDATE) {
    mkdirSync(path.dirname(snapshot), { recursive: true });
    writeFileSync(snapshot, content);
  }
  assert.fixture(content, readFileSync(snapshot, "utf8"), `${dialect}/${file}`);
}

for (const dialect of ["sqlite", "pg", "mysql"] satisfies Dialect[]) {
  test(`gen model for ${dialect}: the table, its routes and its migration match snapshots/models/${dialect}`, async () => {
    const files = emitModelFiles(model, dialect);
    assert.equal(files.map((file) => file.path), ["db/schema/blog_posts.ts", "routes/api/blog_posts/index.ts", "routes/api/blog_posts/[id].ts"]);
    for (const file of files) matchesSnapshot(dialect, file.path, file.content);

    const root = scratchDir(`model-${dialect}`);
    mkdirSync(path.join(root, "db", "schema"), { recursive: true });
    writeFileSync(path.join(root, files[0]!.path), files[0]!.content);
    const tables = await loadSchemaModule(root, files[0]!.path);
    const migration = await generateMigration({ dialect, tables, previous: null, renames: [], allowDataLoss: false });
    matchesSnapshot(dialect, "migration.sql", `${migration.statements.join("\n")}\n`);
  });
}

test.run();
