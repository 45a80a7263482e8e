/**
 * Static and spa apps: after the build command, `<outputDir>` holds the site. It is copied aside
 * into `.sdk/static-output/` before `sdk build` writes `dist/server` and `dist/client`, because
 * outputDir defaults to `dist` too. The user's output is only ever read, never deleted here.
 */
import { copyFileSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import { isDirectory } from "../scan/files.js";
import { DEFAULT_OUTPUT_DIR, listOutputFiles, SDK_OUTPUT_FOLDERS } from "./app-type.js";

export interface StagedOutput {
  /** Absolute `<root>/.sdk/static-output`. */
  stagedDir: string;
  /** POSIX paths relative to stagedDir, sorted. */
  files: string[];
}

export interface StageOptions {
  /** The command that should have written the output, named in the hints; null when none ran. */
  buildCommand?: string | null;
}

export const STAGED_OUTPUT_DIR = path.join(".sdk", "static-output");
const CONFIG_PATH = "inference.outputDir";

export function stageStaticOutput(root: string, outputDir: string = DEFAULT_OUTPUT_DIR, options: StageOptions = {}): StagedOutput {
  const absoluteRoot = path.resolve(root);
  const source = path.resolve(absoluteRoot, outputDir);
  const shown = `${path.relative(absoluteRoot, source).split(path.sep).join("/")}/`;
  const misplaced = misplacedOutputDir(absoluteRoot, source, outputDir);
  if (misplaced) throw new UserError([misplaced]);
  if (!isDirectory(source)) throw new UserError([missingOutput(shown, options.buildCommand)]);

  const files = listOutputFiles(absoluteRoot, outputDir);
  if (files.length === 0) throw new UserError([emptyOutput(shown, options.buildCommand, source === path.resolve(absoluteRoot, DEFAULT_OUTPUT_DIR))]);

  const stagedDir = path.join(absoluteRoot, STAGED_OUTPUT_DIR);
  const partial = `${stagedDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  for (const file of files) {
    const to = path.join(partial, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(source, file), to);
  }
  rmSync(stagedDir, { recursive: true, force: true });
  renameSync(partial, stagedDir);
  return { stagedDir, files };
}

/** The root itself would take the whole project (sources, node_modules); `.sdk/` is ours. */
function misplacedOutputDir(root: string, source: string, outputDir: string): Diagnostic | null {
  const relative = path.relative(root, source);
  const first = relative.split(path.sep)[0];
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative) || first === ".sdk" || first === "node_modules") {
    return error("SDK_OUTPUT_DIR_INVALID", `inference.outputDir "${outputDir}" must name a folder inside the project that holds only the built site.`, {
      configPath: CONFIG_PATH,
      hint: `Point it at the folder your build writes, such as "${DEFAULT_OUTPUT_DIR}" or "build"; the project root, .sdk/ and node_modules/ cannot be used.`,
    });
  }
  return null;
}

function ranBy(buildCommand: string | null | undefined): string {
  return buildCommand ? `the build command \`${buildCommand}\`` : "no build command (set inference.build or a package.json build script)";
}

function missingOutput(shown: string, buildCommand: string | null | undefined): Diagnostic {
  return error("SDK_OUTPUT_DIR_MISSING", `The static output folder ${shown} does not exist after the build; it was to be written by ${ranBy(buildCommand)}.`, {
    configPath: CONFIG_PATH,
    hint: `Set inference.outputDir to the folder the build writes its HTML to (default "${DEFAULT_OUTPUT_DIR}"), or make the build write ${shown}.`,
  });
}

function emptyOutput(shown: string, buildCommand: string | null | undefined, isSdkDist: boolean): Diagnostic {
  const ignored = isSdkDist ? ` (${[...SDK_OUTPUT_FOLDERS].map((name) => `${shown}${name}/`).join(" and ")} from an earlier sdk build do not count)` : "";
  return error("SDK_OUTPUT_DIR_EMPTY", `The static output folder ${shown} holds no files after the build${ignored}; it was to be written by ${ranBy(buildCommand)}.`, {
    configPath: CONFIG_PATH,
    hint: `Check that the build writes the site into ${shown}, or set inference.outputDir to the folder it does write.`,
  });
}
