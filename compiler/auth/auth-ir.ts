/**
 * Whether an edge app has auth, and with which providers. Auth is on when any app file imports
 * `sdk/auth`, the config has `auth`, or `auth.ts` exists; without `auth.providers` only
 * email/password is (the contract). Other targets never have it: importing `sdk/auth` there is
 * reported by the edge-only pass.
 */
import type { SdkConfig } from "../config/define.js";
import { UserError } from "../diagnostics.js";
import type { AuthIR, ImportIR, Target } from "../ir.js";
import { toPosixRelative } from "../paths.js";
import { createScanProject } from "../scan/scan-project.js";
import { addAppSources, collectSdkImports } from "../scan/imports.js";
import type { ProjectLayout } from "../scan/project.js";
import { isAuthModule } from "./module.js";
import { authTableConflicts } from "./table-conflicts.js";

export function authOf(layout: ProjectLayout, config: SdkConfig, imports: readonly ImportIR[], target: Target): AuthIR | null {
  if (target !== "edge") return null;
  const file = layout.conventions["auth.ts"] ? toPosixRelative(layout.root, layout.conventions["auth.ts"]) : null;
  const imported = imports.find((i) => isAuthModule(i.specifier));
  const source = imported ? `${imported.file}:${imported.line}:${imported.column}` : config.auth ? "auth" : file;
  if (!source) return null;
  return { providers: config.auth?.providers ?? ["email"], file, source };
}

/**
 * The same answer for a command that does not build (`sdk db generate`): the app's imports are
 * scanned in both build modes' files, since the migrations serve both. What in db/ cannot go with
 * auth stops it here, located, before db/schema.ts runs (an `sdk/auth` import would fail that
 * with a message about workerd's modules).
 */
export function scanAuth(layout: ProjectLayout, config: SdkConfig): AuthIR | null {
  const project = createScanProject(layout.root);
  addAppSources(project, layout, "development");
  addAppSources(project, layout, "production");
  const auth = authOf(layout, config, collectSdkImports(project, layout.root), "edge");
  const conflicts = auth ? authTableConflicts(project, layout.root, layout.conventions.db) : [];
  if (conflicts.length) throw new UserError(conflicts);
  return auth;
}
