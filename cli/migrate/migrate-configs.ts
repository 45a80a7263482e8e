/**
 * Converting older config files into sdk.config.ts, for `sdk migrate` and `sdk init`: the new file
 * is written and loaded (so a value the schema refuses stops it, with the file restored as it
 * was), then each old file moves to `.sdk/config-migration/`, never overwriting an earlier backup.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONFIG_FILE, loadConfig } from "../../compiler/config/load.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { emitConfigFile } from "../../emitters/config-file.js";
import { BACKUP_DIR } from "../init/project-files.js";
import { convertOldConfigs, type Conversion } from "./convert.js";
import { findOldConfigs, type OldConfig } from "./sources.js";

export interface Migration extends Conversion {
  sources: OldConfig[];
  /** The sdk.config.ts written. */
  text: string;
  /** Where each old file was moved, project-relative. */
  backups: string[];
}

/** Null when the project has no older config file. */
export async function migrateOldConfigs(root: string): Promise<Migration | null> {
  const sources = findOldConfigs(root);
  if (!sources.length) return null;
  const conversion = convertOldConfigs(sources);
  const text = emitConfigFile(conversion.config);
  const target = path.join(root, CONFIG_FILE);
  if (existsSync(target)) throw configExists(sources, conversion.config);
  writeFileSync(target, text);
  try {
    await loadConfig(root);
  } catch (cause) {
    rmSync(target);
    throw cause;
  }
  return { ...conversion, sources, text, backups: sources.map((source) => backUp(root, source.file)) };
}

export function configExists(sources: readonly OldConfig[], config: Record<string, unknown>): UserError {
  return new UserError([
    error("SDK_MIGRATE_CONFIG_EXISTS", `${CONFIG_FILE} exists already, so ${sources.map((s) => s.file).join(" and ")} cannot become it.`, {
      file: CONFIG_FILE,
      hint: `merge these values into ${CONFIG_FILE} by hand, then delete the old file: ${JSON.stringify(config)}`,
    }),
  ]);
}

function backUp(root: string, file: string): string {
  const dir = path.join(root, BACKUP_DIR);
  mkdirSync(dir, { recursive: true });
  let backup = path.join(dir, file);
  for (let n = 1; existsSync(backup); n += 1) backup = path.join(dir, `${file}.${n}`);
  renameSync(path.join(root, file), backup);
  return path.relative(root, backup).split(path.sep).join("/");
}

/** The change as a diff: each old file's lines removed, the new file's added. */
export function migrationDiff(migration: Migration): string {
  const removed = migration.sources.flatMap((source) => [`--- ${source.file}`, ...source.text.trimEnd().split("\n").map((line) => `-${line}`)]);
  const added = [`+++ ${CONFIG_FILE}`, ...migration.text.trimEnd().split("\n").map((line) => `+${line}`)];
  return [...removed, ...added].join("\n");
}
