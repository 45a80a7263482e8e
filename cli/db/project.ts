/** What every database command starts from: the root, its validated config and where its conventions live. */
import { loadConfig } from "../../compiler/config/load.js";
import type { SdkConfig } from "../../compiler/config/define.js";
import { UserError } from "../../compiler/diagnostics.js";
import { resolveProjectLayout, type ProjectLayout } from "../../compiler/scan/project.js";
import { resolveRoot } from "../options.js";

export interface DatabaseProject {
  root: string;
  config: SdkConfig;
  layout: ProjectLayout;
}

export async function loadProject(rootFlag: string): Promise<DatabaseProject> {
  const root = resolveRoot(rootFlag);
  const { config } = await loadConfig(root);
  const { layout, diagnostics } = resolveProjectLayout(root, config);
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new UserError(errors);
  return { root, config, layout };
}
