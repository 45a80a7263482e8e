/**
 * The app as `sdk dev` serves it: analyzed in development mode and emitted into
 * `.sdk/generated/dev/` beside the refreshed `.sdk/` types. Run at start and again whenever the
 * route table, the config or the environment may have changed; a mistake leaves the last good
 * files in place and comes back as diagnostics, never as a thrown error.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hasErrors, UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import type { AppIR, Target, UiLibraryName } from "../../compiler/ir.js";
import { analyze } from "../../build/pipeline.js";
import { readAppName, readLockResolved } from "../../compiler/project-files.js";
import { DEV_GENERATED_DIR, emitDevSources } from "../../emitters/dev.js";
import type { EmittedFile } from "../../emitters/emitted-file.js";
import { emitPrepareFiles } from "../../emitters/prepare.js";
import { localAiVars } from "../local-ai.js";
import { localAuthVars } from "../local-auth.js";
import { readEnvFile } from "./env-file.js";

export interface DevAppOptions {
  root: string;
  target?: Target;
  ui?: UiLibraryName;
  nodeTypes: boolean;
}

export type DevAppResult =
  | { ok: true; ir: AppIR; warnings: Diagnostic[]; changed: string[] }
  | { ok: false; diagnostics: Diagnostic[] };

export async function generateDevApp(options: DevAppOptions): Promise<DevAppResult> {
  let ir: AppIR;
  try {
    ir = await analyze({ root: options.root, target: options.target, mode: "development", ui: options.ui });
  } catch (cause) {
    if (cause instanceof UserError) return { ok: false, diagnostics: cause.diagnostics };
    throw cause;
  }
  if (hasErrors(ir.diagnostics)) return { ok: false, diagnostics: ir.diagnostics.filter((d) => d.severity === "error") };
  const sources = emitDevSources(ir, { defaultName: readAppName(options.root), lockResolved: readLockResolved(options.root), envValues: { ...readEnvFile(options.root), ...localAiVars(options.root), ...(ir.auth && localAuthVars(options.root)) } });
  const changed = syncFolder(path.join(options.root, DEV_GENERATED_DIR), sources);
  syncFolder(path.join(options.root, ".sdk"), emitPrepareFiles(ir, { nodeTypes: options.nodeTypes }), { removeOthers: false });
  return { ok: true, ir, warnings: ir.diagnostics.filter((d) => d.severity === "warning"), changed };
}

/**
 * Writes only the files whose text differs and removes those no longer emitted, so the dev
 * server's watcher sees exactly what changed and a request never finds a half-written folder.
 */
function syncFolder(dir: string, files: EmittedFile[], { removeOthers = true } = {}): string[] {
  const changed: string[] = [];
  const emitted = new Set(files.map((file) => file.path));
  for (const file of files) {
    const target = path.join(dir, file.path);
    if (existsSync(target) && readFileSync(target, "utf8") === file.content) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    changed.push(file.path);
  }
  if (removeOthers && existsSync(dir)) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (emitted.has(relative)) continue;
      rmSync(path.join(dir, relative));
      changed.push(relative);
    }
  }
  return changed;
}
