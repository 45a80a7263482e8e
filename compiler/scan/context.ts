/** What every scanner receives: where things are, the parsed modules and the build mode. */
import type { BuildMode } from "../ir.js";
import { toPosixRelative } from "../paths.js";
import { projectRelative } from "./ast.js";
import type { ScanModule, ScanProject } from "./scan-project.js";
import type { ProjectLayout } from "./project.js";

export interface ScanContext {
  layout: ProjectLayout;
  project: ScanProject;
  mode: BuildMode;
  /** Project-relative files that failed to parse; scanners skip them (SDK_SYNTAX says why). */
  brokenFiles: ReadonlySet<string>;
}

/** Project-relative POSIX path of an absolute path. */
export function relativeToRoot(ctx: ScanContext, absolutePath: string): string {
  return toPosixRelative(ctx.layout.root, absolutePath);
}

/** The module, or null when it has syntax errors. */
export function loadModule(ctx: ScanContext, absolutePath: string): ScanModule | null {
  const module = ctx.project.add(absolutePath);
  return ctx.brokenFiles.has(projectRelative(ctx.layout.root, module)) ? null : module;
}
