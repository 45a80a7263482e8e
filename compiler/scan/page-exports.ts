/**
 * Page-level exports: `head`, `prerender`, `ssr`, `getPrerenderPaths` and `streamTimeout` may sit in the page file
 * or in its `.server.ts`, where the loader and `c` are, and which keeps the component file holding
 * only components, as Fast Refresh needs. Both at once is an error: neither file would say which
 * one the page uses.
 */
import { readFileSync } from "node:fs";
import { error, type Diagnostic } from "../diagnostics.js";
import type { SourceLocation } from "../ir.js";
import { DEFAULT_STREAM_TIMEOUT_MS, isStreamTimeout, LONGEST_STREAM_TIMEOUT_MS } from "../../runtime/server-limits.js";
import { collectExports, locationOf, unwrapExpression, type ModuleExport } from "./ast.js";
import { ParsedModule } from "./parser.js";

export const PAGE_LEVEL_EXPORTS = ["head", "prerender", "ssr", "getPrerenderPaths", "streamTimeout"] as const;
export type PageLevelExport = (typeof PAGE_LEVEL_EXPORTS)[number];

export function isPageLevelExport(name: string): name is PageLevelExport {
  return (PAGE_LEVEL_EXPORTS as readonly string[]).includes(name);
}

/** A page-level export of a `.server.ts`, where it is written. */
export interface ServerPageExport {
  name: PageLevelExport;
  loc: SourceLocation;
}

/** The page-level names among a module's export names, sorted. */
export function pageLevelNames(names: readonly string[]): PageLevelExport[] {
  return [...new Set(names.filter(isPageLevelExport))].sort();
}

/**
 * `<script>` blocks whose exports are the module's: a .vue file's plain `<script>` (not
 * `<script setup>`), a .svelte file's `<script module>` (`context="module"` before Svelte 5).
 */
const SCRIPT_BLOCK = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

function exportsModuleScript(attributes: string, extension: ".vue" | ".svelte"): boolean {
  if (extension === ".vue") return !/\bsetup\b/.test(attributes);
  return /\bmodule\b|\bcontext\s*=\s*["']module["']/.test(attributes);
}

/** The page-level exports of a .vue or .svelte page, read from its module script. */
export function componentFilePageExports(absolutePath: string, extension: ".vue" | ".svelte"): PageLevelExport[] {
  const text = readFileSync(absolutePath, "utf8");
  const names: string[] = [];
  for (const [, attributes = "", body = ""] of text.matchAll(SCRIPT_BLOCK)) {
    if (!exportsModuleScript(attributes, extension)) continue;
    // Parsed as TypeScript, a superset of the JavaScript a `<script>` without lang holds.
    const block = new ParsedModule(`${absolutePath}.ts`, body);
    if (block.problems.length === 0) names.push(...collectExports(block).exports.map((entry) => entry.name));
  }
  return pageLevelNames(names);
}

/** An error for each page-level export both files make, at the `.server.ts`'s. */
export function exportedTwice(pageFile: string, pageExports: readonly PageLevelExport[], serverExports: readonly ServerPageExport[]): Diagnostic[] {
  return serverExports
    .filter((entry) => pageExports.includes(entry.name))
    .map(({ name, loc }) =>
      error("SDK_PAGE_EXPORT_TWICE", `\`${name}\` is exported by both ${pageFile} and ${loc.file}; a page has one.`, {
        ...loc,
        hint: `Keep it in ${loc.file} and remove it from ${pageFile}: with only components exported, the page keeps its state when you edit it.`,
      }),
    );
}

/**
 * `export const streamTimeout = ...` written as a literal that is no whole number of milliseconds
 * in range: located here. A computed value (`60 * 1000`) is checked when the server starts.
 */
export function streamTimeoutProblem(module: ParsedModule, entry: ModuleExport, root: string): Diagnostic | null {
  if (entry.name !== "streamTimeout" || entry.value === null) return null;
  const value = unwrapExpression(entry.value);
  if (value.type !== "Literal" && value.type !== "TemplateLiteral" && value.type !== "ObjectExpression" && value.type !== "ArrayExpression") return null;
  if (value.type === "Literal" && isStreamTimeout(value.value)) return null;
  return error("SDK_PAGE_STREAM_TIMEOUT", `streamTimeout must be a whole number of milliseconds from 1 to ${LONGEST_STREAM_TIMEOUT_MS}.`, {
    ...locationOf(root, module, value),
    hint: `Write how long each streamed prop may take, e.g. \`export const streamTimeout = 30_000\`, or remove it for the default of ${DEFAULT_STREAM_TIMEOUT_MS} ms.`,
  });
}
