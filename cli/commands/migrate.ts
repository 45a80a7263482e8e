/**
 * `sdk migrate`: older config files (`sdk.json`, `sdk.jsonc`, `wrangler.json`, `wrangler.jsonc`,
 * `wrangler.toml`) converted into sdk.config.ts, the change printed as a diff, the old files kept
 * under `config-migration/` (tracked) and `.sdk/config-migration/`.
 */
import { UNCONVERTED_CONFIG_FILES, unconvertedConfigFiles } from "../../compiler/config/unconverted.js";
import { rewriteWranglerScriptsIn } from "../init/project-files.js";
import { migrateOldConfigs, migrationDiff } from "../migrate/migrate-configs.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, yellow } from "../report.js";

export async function migrateCommand(flags: GlobalOptions): Promise<void> {
  const root = resolveRoot(flags.root);
  const migration = await migrateOldConfigs(root);
  const wranglerLeft = unconvertedConfigFiles(root).some(({ kind }) => kind === "wrangler");
  // Once wrangler's config is converted, a script running `wrangler dev` fails: it runs sdk's instead.
  const scripts = migration && !wranglerLeft ? rewriteWranglerScriptsIn(root) : { added: [], notes: [] };
  const adopted = [...(migration?.adopted ?? []), ...scripts.added.map((line) => `package.json: ${line}`)];
  const notes = [...(migration?.notes ?? []), ...scripts.notes];
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, migrated: migration && { from: migration.sources.map((s) => s.file), kept: migration.kept, backups: migration.backups, dropped: migration.dropped, changed: migration.changed, adopted, notes, config: migration.config } }, null, 2));
    return;
  }
  if (!migration) {
    console.log(`${cyan("sdk migrate")} nothing to convert: no ${UNCONVERTED_CONFIG_FILES.map((f) => f.file).join(", ")} in ${root}`);
    return;
  }
  console.log(`${cyan("sdk migrate")} ${migration.sources.map((s) => s.file).join(", ")} -> sdk.config.ts\n`);
  console.log(migrationDiff(migration));
  for (const note of migration.changed) console.log(yellow(`  changed ${note}`));
  for (const note of migration.dropped) console.log(yellow(`  dropped ${note}`));
  for (const done of adopted) console.log(`  ${green("+")} ${done}`);
  console.log(dim(`\n  the old files are in ${migration.kept.join(", ")} (tracked by git; copies in ${migration.backups.join(", ")})`));
  for (const note of notes) console.log(`\n  ${yellow("note:")} ${note}`);
}
