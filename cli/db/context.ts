/** The app's database as the migration commands need it: config, dialect, binding and folder. */
import type { SdkConfig } from "../../compiler/config/define.js";
import { dbBindingName, dialectOf, migrationsDir, type Dialect } from "../../compiler/db/database.js";
import { UserError } from "../../compiler/diagnostics.js";
import { detectAppType } from "../../compiler/inference/app-type.js";
import { toPosixRelative } from "../../compiler/paths.js";
import { validateAppPresent } from "../../compiler/validate/app-present.js";
import { loadProject } from "./project.js";

export interface DatabaseContext {
  root: string;
  config: SdkConfig;
  dialect: Dialect;
  /** The worker binding, which also keys the history in sdk.lock.json. */
  binding: string;
  /** Absolute `<sourceRoot>/db/migrations`. */
  migrationsDir: string;
  /** The same, project-relative POSIX, for messages. */
  migrationsFolder: string;
}

/** A folder that is not an app stops here (a mistyped --root), rather than reporting "no migrations". */
export async function loadDatabaseContext(root: string): Promise<DatabaseContext> {
  const { root: absoluteRoot, config, layout } = await loadProject(root);
  const noApp = validateAppPresent(layout, detectAppType(absoluteRoot, config, layout).appType);
  if (noApp.length) throw new UserError(noApp);
  const dir = migrationsDir(layout);
  return {
    root: absoluteRoot,
    config,
    dialect: dialectOf(config),
    binding: dbBindingName(config),
    migrationsDir: dir,
    migrationsFolder: toPosixRelative(absoluteRoot, dir),
  };
}
