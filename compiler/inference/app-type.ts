/**
 * Which kind of app a project is, when `inference.appType` does not say: an sdk app (conventions),
 * a meta-framework app, or static output (`static`: many HTML files, `spa`: one client-routed
 * index.html). The reason is printed by `sdk inspect` and `sdk build`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AppType, SdkConfig } from "../config/define.js";
import { error, UserError } from "../diagnostics.js";
import { compareCodeUnits, isDirectory, listFiles } from "../scan/files.js";
import { CONVENTION_DIRS, resolveProjectLayout, type ProjectLayout } from "../scan/project.js";

export interface AppTypeDecision {
  appType: AppType;
  /** Why, in a few words: "routes/ exists", "package.json depends on astro". */
  reason: string;
}

export const DEFAULT_OUTPUT_DIR = "dist";

/** Exact package names, and scopes whose every package marks a meta-framework. */
const FRAMEWORK_PACKAGES = [
  "astro", "next", "nuxt", "@sveltejs/kit", "@remix-run/dev", "@remix-run/react", "@react-router/dev",
  "solid-start", "@solidjs/start", "@analogjs/platform", "@tanstack/react-start", "@tanstack/solid-start",
  "@tanstack/start", "waku", "@builder.io/qwik-city", "@qwik.dev/router", "gatsby", "vike",
];

/** Generators whose output is a folder of rendered HTML pages. */
const STATIC_GENERATORS = ["@11ty/eleventy", "vitepress", "vuepress", "@docusaurus/core", "hexo", "metalsmith"];

/** Bundlers and app toolchains whose build emits one index.html with a client router. */
const SPA_BUNDLERS = [
  "vite", "webpack", "parcel", "@rspack/cli", "@rsbuild/core", "rollup", "esbuild", "react-scripts",
  "@vue/cli-service", "@angular/cli", "@angular-devkit/build-angular", "@preact/preset-vite", "snowpack",
];

export interface PackageJson {
  scripts: Record<string, string>;
  /** dependencies and devDependencies together. */
  dependencies: string[];
  packageManager?: string;
}

/** package.json's fields that inference reads; null without one. Invalid JSON is a user error. */
export function readPackageJson(root: string): PackageJson | null {
  const file = path.join(root, "package.json");
  if (!existsSync(file)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (cause) {
    throw new UserError([error("SDK_JSON_INVALID", `package.json is not valid JSON: ${(cause as Error).message}`, { file: "package.json", hint: "fix the JSON in package.json" })]);
  }
  const json = isRecord(value) ? value : {};
  const scripts = Object.fromEntries(Object.entries(isRecord(json.scripts) ? json.scripts : {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const dependencies = [json.dependencies, json.devDependencies].flatMap((deps) => (isRecord(deps) ? Object.keys(deps) : []));
  const packageManager = typeof json.packageManager === "string" ? json.packageManager : undefined;
  return { scripts, dependencies, packageManager };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `inference.appType` when set. Otherwise a meta-framework dependency comes first, because Next
 * (`pages/`), Nuxt (`pages/`, `middleware/`) and others share folder names with the sdk
 * conventions; then any convention folder; then static output; else `sdk`.
 */
export function detectAppType(root: string, config: SdkConfig, layout?: Pick<ProjectLayout, "sourceDir" | "conventions">): AppTypeDecision {
  const explicit = config.inference?.appType;
  if (explicit) return { appType: explicit, reason: "inference.appType is set" };

  const absoluteRoot = path.resolve(root);
  const pkg = readPackageJson(absoluteRoot);
  const framework = pkg && findDependency(pkg, FRAMEWORK_PACKAGES);
  if (framework) return { appType: "framework", reason: `package.json depends on ${framework}` };

  const convention = findConvention(absoluteRoot, layout ?? resolveProjectLayout(absoluteRoot, config).layout);
  if (convention) return { appType: "sdk", reason: `${convention} exists` };

  const outputDir = config.inference?.outputDir ?? DEFAULT_OUTPUT_DIR;
  const fromOutput = fromStaticOutput(absoluteRoot, outputDir);
  if (fromOutput) return fromOutput;

  const generator = pkg && findDependency(pkg, STATIC_GENERATORS);
  if (generator) return { appType: "static", reason: `package.json depends on ${generator}, a static site generator` };
  const bundler = pkg?.scripts.build !== undefined && findDependency(pkg, SPA_BUNDLERS);
  if (bundler) return { appType: "spa", reason: `package.json has a build script and depends on ${bundler}` };

  const publicPages = listFiles(path.join(absoluteRoot, "public"), { recursive: true }).filter(isHtml);
  if (publicPages.length > 0) return { appType: "static", reason: `public/ holds HTML (${publicPages[0]}) and there is no build` };

  return { appType: "sdk", reason: "no convention folder, framework dependency or static output was found" };
}

function findDependency(pkg: PackageJson, candidates: readonly string[]): string | undefined {
  return candidates.find((name) => pkg.dependencies.includes(name));
}

/** The first convention folder, under sourceDir or at the root (a misplaced one still marks an sdk app). */
function findConvention(root: string, layout: Pick<ProjectLayout, "sourceDir" | "conventions">): string | undefined {
  for (const name of CONVENTION_DIRS) {
    if (layout.conventions[name] && isDirectory(layout.conventions[name])) return layout.sourceDir ? `${layout.sourceDir}/${name}/` : `${name}/`;
    if (isDirectory(path.join(root, name))) return `${name}/`;
  }
  return undefined;
}

function fromStaticOutput(root: string, outputDir: string): AppTypeDecision | null {
  const shown = path.relative(root, path.resolve(root, outputDir)).split(path.sep).join("/");
  if (shown === "" || shown.startsWith("..")) return null;
  const pages = listOutputFiles(root, outputDir).filter(isHtml);
  if (pages.length === 0) return null;
  if (pages.length === 1 && pages[0] === "index.html") return { appType: "spa", reason: `${shown}/ holds a single index.html (a client-routed app)` };
  return { appType: "static", reason: `${shown}/ holds ${pages.length} HTML files` };
}

/**
 * The files of a static output folder as POSIX relative paths. When the folder is `dist/` itself,
 * the `server/` and `client/` that an earlier `sdk build` wrote there are not part of it.
 */
export function listOutputFiles(root: string, outputDir: string): string[] {
  const source = path.resolve(root, outputDir);
  if (!isDirectory(source)) return [];
  const skipped = source === path.resolve(root, DEFAULT_OUTPUT_DIR) ? SDK_OUTPUT_FOLDERS : new Set<string>();
  const files: string[] = [];
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const entryPath = path.join(source, entry.name);
    if (!isDirectory(entryPath)) files.push(entry.name);
    else if (!skipped.has(entry.name) && entry.name !== "node_modules") files.push(...listFiles(entryPath, { recursive: true }).map((file) => `${entry.name}/${file}`));
  }
  return files.sort(compareCodeUnits);
}

/** What `sdk build` itself writes into `dist/`. */
export const SDK_OUTPUT_FOLDERS: ReadonlySet<string> = new Set(["server", "client"]);

function isHtml(file: string): boolean {
  return file.endsWith(".html") || file.endsWith(".htm");
}
