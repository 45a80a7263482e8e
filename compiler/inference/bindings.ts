/**
 * Which platform bindings an app gets, inferred from the `sdk` modules its code imports:
 * `sdk/db` asks for `DB`, `sdk/kv` for `KV`, `sdk/storage` for `STORAGE`, `sdk/ai` for `AI`,
 * `sdk/email` for `SEND_EMAIL`.
 * `inference.bindings.<kind>` renames one (a string), asks for it without an import (`true`) or
 * turns it off (`false`); `inference.scanDirs` chooses the folders whose imports count.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { SEND_EMAIL_BINDING } from "../../runtime/email/send.js";
import { DEFAULT_BINDING_NAMES } from "../../runtime/platform/binding-names.js";
import type { SdkConfig } from "../config/define.js";
import { DEFAULT_DB_BINDING } from "../db/database.js";
import { configError, type Diagnostic } from "../diagnostics.js";
import type { BindingIR, BuildMode, ImportIR } from "../ir.js";
import type { ScanProject } from "../scan/scan-project.js";
import { addScripts } from "../scan/imports.js";
import { isDirectory } from "../scan/files.js";

export type InferredKind = "db" | "kv" | "storage" | "ai" | "email";

export interface InferredBinding {
  kind: InferredKind;
  module: string;
  defaultName: string;
  /** What the platform calls it, for messages. */
  description: string;
  /** `inference.bindings.<kind>` takes true or false only: the binding's name is fixed. */
  booleanOnly?: true;
}

export const INFERRED_BINDINGS: readonly InferredBinding[] = [
  { kind: "db", module: "sdk/db", defaultName: DEFAULT_DB_BINDING, description: "database" },
  { kind: "kv", module: "sdk/kv", defaultName: DEFAULT_BINDING_NAMES.kv, description: "key-value namespace" },
  { kind: "storage", module: "sdk/storage", defaultName: DEFAULT_BINDING_NAMES.storage, description: "object storage bucket" },
  { kind: "ai", module: "sdk/ai", defaultName: DEFAULT_BINDING_NAMES.ai, description: "AI" },
  { kind: "email", module: "sdk/email", defaultName: SEND_EMAIL_BINDING, description: "email sending", booleanOnly: true },
];

/** The binding whose module `specifier` is (`sdk/kv`, or a subpath such as `sdk/kv/x`). */
export function inferredBindingOf(specifier: string): InferredBinding | undefined {
  return INFERRED_BINDINGS.find(({ module }) => specifier === module || specifier.startsWith(`${module}/`));
}

/**
 * A binding exists when the app imports its module, or when `inference.bindings.<kind>` asks for
 * it (`true` or a name); `false` turns it off even when imported (an error, see
 * validate/disabled-bindings.ts). The source names the first import (`routes/users.ts:1:24`) or
 * the config path.
 */
export function inferBindings(imports: readonly ImportIR[], config: SdkConfig): BindingIR[] {
  const bindings: BindingIR[] = [];
  for (const { kind, defaultName } of INFERRED_BINDINGS) {
    const setting = config.inference?.bindings?.[kind];
    if (setting === false) continue;
    const name = typeof setting === "string" ? setting : defaultName;
    const imported = imports.find((i) => inferredBindingOf(i.specifier)?.kind === kind);
    if (imported) bindings.push({ kind, name, source: `${imported.file}:${imported.line}:${imported.column}` });
    else if (setting !== undefined) bindings.push({ kind, name, source: `inference.bindings.${kind}` });
  }
  return bindings;
}

/** The project-relative folders `inference.scanDirs` names, POSIX, without a trailing slash. */
export function scanDirsOf(config: SdkConfig): string[] | null {
  const dirs = config.inference?.scanDirs;
  return dirs ? dirs.map((dir) => dir.replace(/\\/g, "/").replace(/^\.\/|\/+$/g, "")) : null;
}

export function isUnderScanDirs(file: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => dir === "" || dir === "." || file === dir || file.startsWith(`${dir}/`));
}

/**
 * With `inference.scanDirs`, only imports in those folders infer bindings. Their scripts are
 * parsed too, so a folder outside the conventions (`lib/`) counts; one that does not exist is an
 * error at its config path.
 */
export function addScanDirs(project: ScanProject, root: string, config: SdkConfig, mode: BuildMode): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  (scanDirsOf(config) ?? []).forEach((dir, index) => {
    const absolute = path.join(root, dir);
    if (isDirectory(absolute)) addScripts(project, absolute, mode);
    else {
      diagnostics.push(configError("SDK_SCAN_DIR_MISSING", `inference.scanDirs[${index}]`, `names "${dir}", which ${existsSync(absolute) ? "is not a directory" : "does not exist"}.`, {
        file: "sdk.config.ts",
        hint: "Name a folder of the project that holds code importing sdk modules, or remove it from inference.scanDirs.",
      }));
    }
  });
  return diagnostics;
}

/** The imports that infer bindings: all of them, or those under `inference.scanDirs`. */
export function bindingImports(imports: readonly ImportIR[], config: SdkConfig): ImportIR[] {
  const dirs = scanDirsOf(config);
  return dirs ? imports.filter((imported) => isUnderScanDirs(imported.file, dirs)) : [...imports];
}
