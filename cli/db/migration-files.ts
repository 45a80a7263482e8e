/**
 * The migration files of `<sourceRoot>/db/migrations/`: named `YYYYMMDDHHMMSS_name.sql`, applied
 * in file-name order (the fixed-width timestamp makes name order time order), each identified in
 * the history by its file name and in `sdk.lock.json` by the sha256 of its text. A wrangler
 * project's numbered files (`0001_init.sql`) keep their names and apply first, in number order.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATION_FILE_NAME, NUMBERED_MIGRATION_FILE_NAME } from "../../compiler/db/database.js";
import { error, UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import { toPosixRelative } from "../../compiler/paths.js";

export interface MigrationFile {
  /** The file name, as the history table records it: `20261125093000_add_tags.sql`. */
  name: string;
  /** Project-relative POSIX path, for diagnostics. */
  file: string;
  text: string;
  sha256: string;
}

/**
 * Line endings are normalized first: a checkout that turns `\n` into `\r\n` (git's autocrlf on
 * Windows) must not look like an edited migration.
 */
export function migrationHash(text: string): string {
  return createHash("sha256").update(text.replace(/\r\n/g, "\n")).digest("hex");
}

/** Why `name` cannot be a migration's file name, or null when it can. */
export function migrationNameProblem(name: string): string | null {
  if (NUMBERED_MIGRATION_FILE_NAME.test(name)) return null;
  const match = MIGRATION_FILE_NAME.exec(name);
  if (!match) return "is not named YYYYMMDDHHMMSS_name.sql (nor NNNN_name.sql, as wrangler numbers them)";
  return isRealTimestamp(match[1]) ? null : `starts with ${match[1]}, which is not a real date and time`;
}

function isRealTimestamp(digits: string): boolean {
  const [year, month, day, hour, minute, second] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(digits.slice(at, i === 0 ? 4 : at + 2)));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
}

/**
 * The folder's migrations in the order they apply. Subfolders (drizzle-kit's `meta/` snapshots)
 * and hidden files (`.gitkeep`) are not migrations; any other file must be one, so a misnamed
 * migration is reported rather than silently never applied.
 */
export function listMigrationFiles(root: string, dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  const problems: Diagnostic[] = [];
  const files: MigrationFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const file = toPosixRelative(root, path.join(dir, entry.name));
    const problem = migrationNameProblem(entry.name);
    if (problem) {
      problems.push(error("SDK_MIGRATION_NAME", `${entry.name} in ${toPosixRelative(root, dir)}/ ${problem}, so it would never be applied`, {
        file,
        hint: "name it by its UTC creation time and a lowercase snake_case name, such as 20261125093000_add_tags.sql, or move it out of the folder",
      }));
      continue;
    }
    const text = readFileSync(path.join(dir, entry.name), "utf8");
    files.push({ name: entry.name, file, text, sha256: migrationHash(text) });
  }
  if (problems.length) throw new UserError(problems);
  return files.sort((a, b) => compareMigrationNames(a.name, b.name));
}

/**
 * Application order: numbered names by number, then timestamped ones by time. The number is
 * padded to a timestamp's width, so `0002_b.sql` sorts before `0010_a.sql` and before any date.
 */
export function compareMigrationNames(a: string, b: string): number {
  const [x, y] = [orderKey(a), orderKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function orderKey(name: string): string {
  const number = NUMBERED_MIGRATION_FILE_NAME.exec(name)?.[1];
  return number === undefined ? name : `${number.padStart(14, "0")}${name.slice(number.length)}`;
}
