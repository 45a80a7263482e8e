/**
 * What a file event means to the dev server. Vite already invalidates a changed module for the
 * next request; the route table, the config and `.env` are ours to re-read.
 */
import path from "node:path";
import { BUNDLER_CONFIG_FILE } from "../../build/bundler-config.js";
import { CONFIG_FILE } from "../../compiler/config/load.js";
import { CONVENTION_DIRS, CONVENTION_FILES } from "../../compiler/scan/project.js";
import { ENV_FILE } from "./env-file.js";

/**
 * `regenerate`: analyze and emit again (public/, config, crons/); `convention`: a file in routes/, pages/,
 * middleware/ and the like, whose exports the route table is built from; `env`: read `.env`
 * again; `restart`: a file only a new dev server reads; `module`: another source file, which
 * Vite's module graph tracks; `ignore`: ours (`.sdk/`), dependencies, build output.
 */
export type FileAction = "regenerate" | "convention" | "env" | "restart" | "module" | "ignore";

export function fileAction(root: string, sourceDir: string, file: string): FileAction {
  const relative = path.relative(root, file).split(path.sep).join("/");
  if (relative.startsWith("..") || relative.startsWith(".sdk/") || relative.startsWith("node_modules/") || relative.startsWith("dist/")) return "ignore";
  if (relative === ENV_FILE) return "env";
  if (relative === CONFIG_FILE) return "regenerate";
  if (relative === BUNDLER_CONFIG_FILE) return "restart";
  // The asset manifest holds each file's size and ETag.
  // The asset manifest holds each public file's size and ETag.
  if (relative === "public" || relative.startsWith("public/")) return "regenerate";
  const base = sourceDir ? `${sourceDir}/` : "";
  if (!relative.startsWith(base)) return "module";
  const inSource = relative.slice(base.length);
  const top = inSource.split("/")[0]!;
  // A cron file's expression is read at build time (the triggers), so any save may change it.
  if (top === "crons") return "regenerate";
  // env.ts is read at build time too (the keys sdk/env reads, the types), whatever its exports.
  if (inSource === "env.ts") return "regenerate";
  if ((CONVENTION_DIRS as readonly string[]).includes(top) || (CONVENTION_FILES as readonly string[]).includes(inSource)) return "convention";
  return "module";
}
