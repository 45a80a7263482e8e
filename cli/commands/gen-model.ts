/**
 * `sdk gen model <name> <field:type>...`: a table in db/schema/<name>.ts (re-exported from
 * db/schema.ts), its migration, and CRUD routes under routes/api/<name>/. Nothing that exists is
 * overwritten: one existing file stops the command before it writes anything.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dialectOf } from "../../compiler/db/database.js";
import { parseModel } from "../../compiler/db/model.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { toPosixRelative } from "../../compiler/paths.js";
import { requirePackages } from "../../compiler/optional-packages.js";
import { emitModelFiles } from "../../emitters/model-files.js";
import type { GlobalOptions } from "../options.js";
import { writeNextMigration } from "../db/next-migration.js";
import { loadProject } from "../db/project.js";
import { dim, green } from "../report.js";

export async function genModelCommand(kind: string, args: string[], flags: GlobalOptions): Promise<void> {
  if (kind !== "model") {
    throw new UserError([error("SDK_UNKNOWN_COMMAND", `\`sdk gen ${kind}\` is not something sdk generates.`, { hint: "Use sdk gen model <name> <field:type>..." })]);
  }
  // Checked before a file is written: the migration is drizzle-kit's, the table Drizzle's.
  requirePackages("database", "`sdk gen model`");
  const project = await loadProject(flags.root);
  const [name, ...fields] = args;
  const model = parseModel(name, fields);
  const files = emitModelFiles(model, dialectOf(project.config));
  const target = (file: string) => path.join(project.layout.sourceRoot, file);
  const existing = files.filter((file) => existsSync(target(file.path)));
  if (existing.length) {
    throw new UserError(existing.map((file) => error("SDK_GEN_MODEL_EXISTS", `${toPosixRelative(project.root, target(file.path))} exists; sdk gen model never overwrites a file.`, {
      file: toPosixRelative(project.root, target(file.path)),
      hint: `Choose another model name, or move the file away and run the command again.`,
    })));
  }
  for (const file of files) {
    mkdirSync(path.dirname(target(file.path)), { recursive: true });
    writeFileSync(target(file.path), file.content, { flag: "wx" });
  }
  const schemaIndex = reexport(target("db/schema.ts"), model.table);
  const [{ writeNextMigration }, { printMigration }] = await Promise.all([import("../db/next-migration.js"), import("./db-generate.js")]);
  const written = await writeNextMigration(project, { name: `create_${model.table}`, renames: [], allowDataLoss: false });
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, files: [...files.map((file) => toPosixRelative(project.root, target(file.path))), toPosixRelative(project.root, schemaIndex)], migration: written }, null, 2));
    return;
  }
  for (const file of files) console.log(`  ${green("✓")} ${toPosixRelative(project.root, target(file.path))}`);
  console.log(`  ${green("✓")} ${toPosixRelative(project.root, schemaIndex)} ${dim(`re-exports db/schema/${model.table}`)}`);
  printMigration(written);
}

/** db/schema.ts re-exports the model's module: a line added, or the file created with it. */
function reexport(schemaFile: string, table: string): string {
  const line = `export * from "./schema/${table}";\n`;
  if (!existsSync(schemaFile)) {
    writeFileSync(schemaFile, `// The app's tables: each module under db/schema/ is re-exported here.\n${line}`);
  } else if (!readFileSync(schemaFile, "utf8").includes(line.trim())) {
    const text = readFileSync(schemaFile, "utf8");
    appendFileSync(schemaFile, `${text.endsWith("\n") || text === "" ? "" : "\n"}${line}`);
  }
  return schemaFile;
}
