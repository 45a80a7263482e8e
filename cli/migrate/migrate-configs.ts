/**
 * Converting older config files into sdk.config.ts, for `sdk migrate`, `sdk init` and
 * `sdk deploy`: the new file is written and loaded (so a value the schema refuses stops it, with
 * the file restored as it was), then each old file moves to `config-migration/` at the root,
 * which git tracks, so the change shows as a rename and the original stays in the history, with
 * a copy in `.sdk/config-migration/` (the contract's backup folder); neither is ever overwritten.
 * A wrangler project's D1 migrations and its worker's `main` come along (see d1-migrations.ts
 * and worker-main.ts).
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONFIG_FILE, loadConfig } from "../../compiler/config/load.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { emitConfigFile } from "../../emitters/config-file.js";
import { BACKUP_DIR, TRACKED_BACKUP_DIR } from "../init/project-files.js";
import { convertOldConfigs, type Conversion } from "./convert.js";
import { adoptWranglerProject } from "./adopt-wrangler.js";
import { findOldConfigs, type OldConfig } from "./sources.js";

export interface Migration extends Conversion {
  sources: OldConfig[];
  /** The sdk.config.ts written. */
  text: string;
  /** Where each old file was moved (under config-migration/, tracked), project-relative. */
  kept: string[];
  /** Its copy in the contract's `.sdk/config-migration/`. */
  backups: string[];
  /** `worker.compatibility_date` as written. */
  compatibilityDate: string | undefined;
  /** Whether that date is the one `pin` gave, the old files having none. */
  datePinned: boolean;
  /** Done on the way: migrations moved, local data copied, the worker's main mounted. */
  adopted: string[];
  /** What the user must still do by hand, with the reason. */
  notes: string[];
}

export interface MigrateOptions {
  /** A compatibility date to write when the old files set none (`sdk init` pins one). */
  pin?: string;
}

/** Null when the project has no older config file. */
export async function migrateOldConfigs(root: string, options: MigrateOptions = {}): Promise<Migration | null> {
  const sources = findOldConfigs(root);
  if (!sources.length) return null;
  const conversion = convertOldConfigs(sources);
  const worker = (conversion.config.worker ?? {}) as Record<string, unknown>;
  const datePinned = worker.compatibility_date === undefined && options.pin !== undefined;
  const dated = datePinned ? { ...conversion.config, worker: { ...worker, compatibility_date: options.pin } } : conversion.config;
  const adoption = adoptWranglerProject(root, sources, dated);
  const config = adoption.config;
  const text = emitConfigFile(config);
  const target = path.join(root, CONFIG_FILE);
  if (existsSync(target)) throw configExists(sources, conversion.config);
  writeFileSync(target, text);
  try {
    await loadConfig(root);
  } catch (cause) {
    rmSync(target);
    throw cause;
  }
  const kept = sources.map((source) => keep(root, source.file));
  const adopted = adoption.apply();
  return {
    ...conversion,
    config,
    dropped: adoption.mainMounted ? conversion.dropped.filter((d) => !/: main \(/.test(d)) : conversion.dropped,
    sources,
    text,
    kept: kept.map((k) => k.tracked),
    backups: kept.map((k) => k.backup),
    compatibilityDate: (config.worker as { compatibility_date?: string } | undefined)?.compatibility_date,
    datePinned,
    adopted,
    notes: adoption.notes,
  };
}

export function configExists(sources: readonly OldConfig[], config: Record<string, unknown>): UserError {
  return new UserError([
    error("SDK_MIGRATE_CONFIG_EXISTS", `${CONFIG_FILE} exists already, so ${sources.map((s) => s.file).join(" and ")} cannot become it.`, {
      file: CONFIG_FILE,
      hint: `merge these values into ${CONFIG_FILE} by hand, then delete the old file: ${JSON.stringify(config)}`,
    }),
  ]);
}

/** Moves `file` into config-migration/ and copies it into .sdk/config-migration/, each under a free name. */
function keep(root: string, file: string): { tracked: string; backup: string } {
  const tracked = freeName(root, TRACKED_BACKUP_DIR, file);
  const backup = freeName(root, BACKUP_DIR, file);
  renameSync(path.join(root, file), path.join(root, tracked));
  copyFileSync(path.join(root, tracked), path.join(root, backup));
  return { tracked, backup };
}

function freeName(root: string, dir: string, file: string): string {
  mkdirSync(path.join(root, dir), { recursive: true });
  let name = `${dir}/${file}`;
  for (let n = 1; existsSync(path.join(root, name)); n += 1) name = `${dir}/${file}.${n}`;
  return name;
}

/** The change as a diff: each old file's lines removed, the new file's added. */
export function migrationDiff(migration: Migration): string {
  const removed = migration.sources.flatMap((source) => [`--- ${source.file}`, ...source.text.trimEnd().split("\n").map((line) => `-${line}`)]);
  const added = [`+++ ${CONFIG_FILE}`, ...migration.text.trimEnd().split("\n").map((line) => `+${line}`)];
  return [...removed, ...added].join("\n");
}
