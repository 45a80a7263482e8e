/**
 * Setting sdk up in a project that already exists: each root file is changed only by adding what
 * is missing (scripts, the dependency, .gitignore lines, our tsconfig base), never by replacing
 * what the user wrote (but for wrangler commands in scripts once wrangler's config is converted,
 * which would fail), and every change is reported. A tsconfig.json that already extends another
 * base keeps it: `extends` becomes a list, theirs first, ours last (TypeScript 5 reads lists).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ts } from "../../compiler/typescript.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { GITIGNORE_ENTRIES, STARTER_SCRIPTS } from "../../emitters/init.js";
import { rewriteWranglerScripts, type ScriptRewrite } from "./wrangler-scripts.js";

export const SDK_TSCONFIG = "./.sdk/tsconfig.json";
/** Where changed config files are kept as they were (the contract's config-migration folder). */
export const BACKUP_DIR = ".sdk/config-migration";
/**
 * Where a converted config file moves: at the root, so git tracks it (`.sdk/` is ignored) and
 * the conversion shows as a rename, never as a deleted file.
 */
export const TRACKED_BACKUP_DIR = "config-migration";

/** What one file gained, for the command's report. */
export interface FileChange {
  file: string;
  added: string[];
}

/**
 * `rewriteWrangler`: the project's wrangler config is converted, so its scripts' wrangler commands
 * become sdk's (see wrangler-scripts.ts); `notes` names those that still run wrangler.
 */
export function addToPackageJson(root: string, sdkRange: string, { rewriteWrangler = false } = {}): FileChange & { notes: string[] } {
  const file = path.join(root, "package.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string> | unknown>;
  const theirs = { ...(manifest.scripts as Record<string, string> | undefined) };
  const moved = rewriteWrangler ? rewriteWranglerScripts(theirs) : { scripts: theirs, rewritten: [], notes: [] };
  const added = moved.rewritten.map(describeRewrite);
  const scripts = moved.scripts;
  for (const [name, command] of Object.entries(STARTER_SCRIPTS)) {
    if (scripts[name] !== undefined) continue;
    scripts[name] = command;
    added.push(`scripts.${name}`);
  }
  const dependencies = { ...(manifest.dependencies as Record<string, string> | undefined) };
  const devDependencies = manifest.devDependencies as Record<string, string> | undefined;
  if (dependencies.sdk === undefined && devDependencies?.sdk === undefined) {
    dependencies.sdk = sdkRange;
    added.push("dependencies.sdk");
  }
  if (added.length) writeFileSync(file, `${JSON.stringify({ ...manifest, scripts, dependencies }, null, 2)}\n`);
  return { file: "package.json", added, notes: moved.notes };
}

/** For `sdk migrate`: only the scripts' wrangler commands, in a package.json there may not be. */
export function rewriteWranglerScriptsIn(root: string): FileChange & { notes: string[] } {
  const file = path.join(root, "package.json");
  if (!existsSync(file)) return { file: "package.json", added: [], notes: [] };
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const moved = rewriteWranglerScripts({ ...(manifest.scripts as Record<string, string> | undefined) });
  if (moved.rewritten.length) writeFileSync(file, `${JSON.stringify({ ...manifest, scripts: moved.scripts }, null, 2)}\n`);
  return { file: "package.json", added: moved.rewritten.map(describeRewrite), notes: moved.notes };
}

function describeRewrite({ script, from, to }: ScriptRewrite): string {
  return `scripts.${script}: ${JSON.stringify(from)} -> ${JSON.stringify(to)}`;
}

export function addToGitignore(root: string): FileChange {
  const file = path.join(root, ".gitignore");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, "")));
  const missing = GITIGNORE_ENTRIES.filter((entry) => !present.has(entry) && !present.has(entry.replace(/\/$/, "")));
  if (missing.length) writeFileSync(file, `${text}${text && !text.endsWith("\n") ? "\n" : ""}${missing.join("\n")}\n`);
  return { file: ".gitignore", added: missing };
}

/** Adds our base to tsconfig.json's `extends` (creating the file when there is none). */
export function extendTsconfig(root: string): FileChange {
  const file = path.join(root, "tsconfig.json");
  if (!existsSync(file)) {
    writeFileSync(file, `${JSON.stringify({ extends: SDK_TSCONFIG }, null, 2)}\n`);
    return { file: "tsconfig.json", added: ["extends"] };
  }
  const parsed = ts.parseConfigFileTextToJson(file, readFileSync(file, "utf8"));
  if (parsed.error || typeof parsed.config !== "object" || parsed.config === null) {
    throw new UserError([
      error("SDK_INIT_TSCONFIG", "tsconfig.json cannot be read, so sdk's base cannot be added to it.", {
        file: "tsconfig.json",
        hint: `fix tsconfig.json (${parsed.error ? ts.flattenDiagnosticMessageText(parsed.error.messageText, " ") : "it is not an object"}), or add "${SDK_TSCONFIG}" to its extends yourself`,
      }),
    ]);
  }
  const config = parsed.config as { extends?: string | string[] };
  const bases = config.extends === undefined ? [] : Array.isArray(config.extends) ? config.extends : [config.extends];
  if (bases.includes(SDK_TSCONFIG)) return { file: "tsconfig.json", added: [] };
  const next = [...bases, SDK_TSCONFIG];
  // Rewritten as JSON, the file loses its comments: the original is kept beside the other backups.
  mkdirSync(path.join(root, BACKUP_DIR), { recursive: true });
  copyFileSync(file, path.join(root, BACKUP_DIR, "tsconfig.json"));
  writeFileSync(file, `${JSON.stringify({ ...config, extends: next.length === 1 ? next[0] : next }, null, 2)}\n`);
  return { file: "tsconfig.json", added: [`extends "${SDK_TSCONFIG}" (the original is in ${BACKUP_DIR}/)`] };
}
