/**
 * Durable Object migrations in a direct upload's metadata: `{ old_tag?, new_tag, new_classes?,
 * new_sqlite_classes?, renamed_classes?, deleted_classes? }`, or the same steps under `steps`.
 * `old_tag` must be the script's current tag, as the platform requires; the script is not
 * changed here, the upload applies the answer once the rest of it is accepted.
 */
import { ApiError, CODE } from "./http.ts";
import type { Script } from "./state.ts";

interface MigrationStep {
  new_classes?: string[];
  new_sqlite_classes?: string[];
  renamed_classes?: { from: string; to: string }[];
  deleted_classes?: string[];
  transferred_classes?: unknown[];
}

interface Migrations extends MigrationStep {
  old_tag?: string;
  new_tag?: string;
  steps?: MigrationStep[];
}

export interface MigratedClasses {
  tag: string | undefined;
  classes: Map<string, { sqlite: boolean }>;
}

const refuse = (message: string) => new ApiError(400, CODE.invalidWorker, message);

export function migrate(script: Script | undefined, migrations: Migrations | undefined): MigratedClasses {
  const classes = new Map(script?.classes);
  const tag = script?.migration_tag;
  if (!migrations) return { tag, classes };
  if (migrations.old_tag !== tag) {
    throw new ApiError(400, CODE.migrationTagMismatch, `Migration tag precondition failed; current tag is ${tag ?? "(none)"}, the upload's old_tag is ${migrations.old_tag ?? "(none)"}`);
  }
  for (const step of migrations.steps ?? [migrations]) {
    if (step.transferred_classes?.length) throw refuse("transferred_classes migrations are not supported by the stand-in");
    for (const [names, sqlite] of [[step.new_classes, false], [step.new_sqlite_classes, true]] as const) {
      for (const name of names ?? []) {
        if (classes.has(name)) throw refuse(`Cannot apply new-class migration to class ${name}: it already exists`);
        classes.set(name, { sqlite });
      }
    }
    for (const { from, to } of step.renamed_classes ?? []) {
      const renamed = classes.get(from);
      if (!renamed) throw refuse(`Cannot apply rename migration: class ${from} does not exist`);
      if (classes.has(to)) throw refuse(`Cannot apply rename migration: class ${to} already exists`);
      classes.delete(from);
      classes.set(to, renamed);
    }
    for (const name of step.deleted_classes ?? []) {
      if (!classes.delete(name)) throw refuse(`Cannot apply delete migration: class ${name} does not exist`);
    }
  }
  return { tag: migrations.new_tag ?? tag, classes };
}
