/**
 * Where the conventions of an app live. With `sourceDir` unset they sit at the project root;
 * with it set, under `<root>/<sourceDir>/`. The two places are never mixed: a convention present
 * in both is an error. `public/` and `src/` always stay at the root.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { error, warning, type Diagnostic } from "../diagnostics.js";
import type { SdkConfig } from "../config/define.js";
import { isDirectory } from "./files.js";

export const CONVENTION_DIRS = ["routes", "pages", "middleware", "crons", "queues", "email", "durable-objects", "db"] as const;
export const CONVENTION_FILES = ["auth.ts", "env.ts"] as const;
export type ConventionName = (typeof CONVENTION_DIRS)[number] | (typeof CONVENTION_FILES)[number];

export interface ProjectLayout {
  /** Absolute project root. */
  root: string;
  /** `sourceDir` as POSIX relative path, "" when conventions live at the root. */
  sourceDir: string;
  /** Absolute directory the conventions are read from. */
  sourceRoot: string;
  /** Absolute path of each convention that exists in `sourceRoot`. */
  conventions: Partial<Record<ConventionName, string>>;
  /** Absolute `public/` at the root, when it exists. */
  publicDir: string | null;
  /** Absolute `src/` at the root (shared app code), when it exists. */
  srcDir: string | null;
}

export interface LayoutResult {
  layout: ProjectLayout;
  diagnostics: Diagnostic[];
}

const CONFIG_FILE = "sdk.config.ts";

export function resolveProjectLayout(root: string, config: SdkConfig): LayoutResult {
  const absoluteRoot = path.resolve(root);
  const diagnostics: Diagnostic[] = [];
  const sourceDir = normalizeSourceDir(config.sourceDir);
  let sourceRoot = path.resolve(absoluteRoot, sourceDir);
  let compareWithRoot = sourceRoot !== absoluteRoot;

  if (sourceDir && path.relative(absoluteRoot, sourceRoot).startsWith("..")) {
    diagnostics.push(error("SDK_SOURCEDIR_OUTSIDE_ROOT", `sourceDir "${config.sourceDir}" points outside the project root.`, { file: CONFIG_FILE, configPath: "sourceDir", hint: "Use a directory inside the project, such as \"app\" or \"src\"." }));
    sourceRoot = absoluteRoot;
    compareWithRoot = false;
  } else if (sourceDir && !isDirectory(sourceRoot)) {
    diagnostics.push(error("SDK_SOURCEDIR_MISSING", `sourceDir "${sourceDir}" does not exist or is not a directory.`, { file: CONFIG_FILE, configPath: "sourceDir", hint: `Create ${sourceDir}/ with your routes/ and pages/, or remove sourceDir to read them from the project root.` }));
    compareWithRoot = false;
  }

  const conventions: Partial<Record<ConventionName, string>> = {};
  for (const name of [...CONVENTION_DIRS, ...CONVENTION_FILES]) {
    const inSource = path.join(sourceRoot, name);
    if (existsSync(inSource)) conventions[name] = inSource;
    if (!compareWithRoot || !existsSync(path.join(absoluteRoot, name))) continue;
    diagnostics.push(conventions[name] ? ambiguous(name, sourceDir) : notScanned(name, sourceDir));
  }

  const publicDir = path.join(absoluteRoot, "public");
  const srcDir = path.join(absoluteRoot, "src");
  return {
    layout: {
      root: absoluteRoot,
      sourceDir: sourceRoot === absoluteRoot ? "" : sourceDir,
      sourceRoot,
      conventions,
      publicDir: isDirectory(publicDir) ? publicDir : null,
      srcDir: isDirectory(srcDir) ? srcDir : null,
    },
    diagnostics,
  };
}

/** "" for unset, ".", "./"; otherwise POSIX without leading `./` or trailing `/`. */
function normalizeSourceDir(sourceDir: string | undefined): string {
  if (!sourceDir) return "";
  const posix = path.posix.normalize(sourceDir.replaceAll("\\", "/")).replace(/\/+$/, "");
  return posix === "." ? "" : posix;
}

function display(name: ConventionName): string {
  return name.endsWith(".ts") ? name : `${name}/`;
}

function ambiguous(name: ConventionName, sourceDir: string): Diagnostic {
  const atRoot = display(name);
  const inSource = `${sourceDir}/${atRoot}`;
  return error("SDK_SOURCEDIR_AMBIGUOUS", `${atRoot} exists both at the project root and in sourceDir (${inSource}); only one location is ever scanned.`, {
    file: `${sourceDir}/${name}`,
    hint: `Remove one copy: keep ${inSource} (sourceDir is "${sourceDir}") or move it to ${atRoot} and remove sourceDir from sdk.config.ts.`,
  });
}

function notScanned(name: ConventionName, sourceDir: string): Diagnostic {
  const atRoot = display(name);
  return warning("SDK_SOURCEDIR_ROOT_IGNORED", `${atRoot} at the project root is not scanned because sourceDir is "${sourceDir}".`, {
    file: name,
    hint: `Move it to ${sourceDir}/${atRoot}, or remove sourceDir from sdk.config.ts.`,
  });
}
