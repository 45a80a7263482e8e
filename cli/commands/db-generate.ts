/** `sdk db generate [--name] [--rename t.old:new] [--allow-data-loss]`: the next SQL migration from db/schema.ts. */
import { parseRename, type Rename } from "../../compiler/db/renames.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import type { GlobalOptions } from "../main.js";
import { writeNextMigration, type WrittenMigration } from "../db/next-migration.js";
import { loadProject } from "../db/project.js";
import { dim, green, yellow } from "../report.js";

export interface DbGenerateFlags extends GlobalOptions {
  name?: string;
  rename?: string | string[];
  allowDataLoss?: boolean;
}

export async function dbGenerateCommand(flags: DbGenerateFlags): Promise<void> {
  const written = await writeNextMigration(await loadProject(flags.root), {
    name: flags.name,
    renames: parseRenames(flags.rename),
    allowDataLoss: flags.allowDataLoss === true,
  });
  if (flags.json) console.log(JSON.stringify({ ok: true, ...written }, null, 2));
  else printMigration(written);
}

export function printMigration(written: WrittenMigration): void {
  if (!written.file) {
    console.log(dim("db/schema.ts matches the last migration: nothing to generate."));
    return;
  }
  for (const risk of written.dataLoss) console.log(yellow(`  ! allowed data loss: ${risk}`));
  const count = written.statements.length;
  console.log(`  ${green("✓")} ${written.file} ${dim(`(${count} statement${count === 1 ? "" : "s"})`)}`);
  console.log(dim("  apply it with sdk db migrate"));
}

function parseRenames(given: string | string[] | undefined): Rename[] {
  const values = given === undefined ? [] : Array.isArray(given) ? given : [given];
  return values.map((value) => {
    const rename = parseRename(String(value));
    if (!rename) {
      throw new UserError([error("SDK_DB_RENAME_INVALID", `--rename ${value} is not of the form table.old:new (a column) or old:new (a table).`, { hint: "For example --rename posts.title:headline." })]);
    }
    return rename;
  });
}
