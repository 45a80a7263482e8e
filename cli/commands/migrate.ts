/**
 * `sdk migrate`: older config files (`sdk.json`, `sdk.jsonc`, `wrangler.json`, `wrangler.jsonc`,
 * `wrangler.toml`) converted into sdk.config.ts, the change printed as a diff, the old files kept
 * under `.sdk/config-migration/`.
 */
import { UNCONVERTED_CONFIG_FILES } from "../../compiler/config/unconverted.js";
import { migrateOldConfigs, migrationDiff } from "../migrate/migrate-configs.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, yellow } from "../report.js";

export async function migrateCommand(flags: GlobalOptions): Promise<void> {
  const root = resolveRoot(flags.root);
  const migration = await migrateOldConfigs(root);
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, migrated: migration && { from: migration.sources.map((s) => s.file), backups: migration.backups, dropped: migration.dropped, changed: migration.changed, config: migration.config } }, null, 2));
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
  console.log(dim(`\n  the old files are in ${migration.backups.join(", ")}`));
}
