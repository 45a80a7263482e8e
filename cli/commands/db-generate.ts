/** `sdk db generate [--name] [--rename t.old:new] [--allow-data-loss] [--switch-dialect]`: the next SQL migration from db/schema.ts. */
import { parseRename, type Rename } from "../../compiler/db/renames.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import type { GlobalOptions } from "../options.js";
import { DIALECT_LABELS } from "../../compiler/db/migrations-dialect.js";
import type { DialectSwitch } from "../db/dialect-check.js";
import { writeNextMigration, type WrittenMigration } from "../db/next-migration.js";
import { loadProject } from "../db/project.js";
import { dim, green, yellow } from "../report.js";

export interface DbGenerateFlags extends GlobalOptions {
  name?: string;
  rename?: string | string[];
  allowDataLoss?: boolean;
  switchDialect?: boolean;
}

export async function dbGenerateCommand(flags: DbGenerateFlags): Promise<void> {
  const written = await writeNextMigration(await loadProject(flags.root), {
    name: flags.name,
    renames: parseRenames(flags.rename),
    allowDataLoss: flags.allowDataLoss === true,
    switchDialect: flags.switchDialect === true,
  });
  if (flags.json) console.log(JSON.stringify({ ok: true, ...written }, null, 2));
  else printMigration(written);
}

export function printMigration(written: WrittenMigration): void {
  if (written.switched) printSwitch(written.switched);
  if (!written.file) {
    console.log(dim("db/schema.ts matches the last migration: nothing to generate."));
    return;
  }
  for (const risk of written.dataLoss) console.log(yellow(`  ! allowed data loss: ${risk}`));
  const count = written.statements.length;
  console.log(`  ${green("✓")} ${written.file} ${dim(`(${count} statement${count === 1 ? "" : "s"})`)}`);
  console.log(dim("  apply it with sdk db migrate"));
}

function printSwitch({ movedTo, from, lockKey }: DialectSwitch): void {
  const history = lockKey ? ` and its history in sdk.lock.json to migrations.${lockKey}` : "";
  console.log(yellow(`  moved the ${DIALECT_LABELS[from]} migrations to ${movedTo}/${history}: they stay with the ${DIALECT_LABELS[from]} database`));
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
