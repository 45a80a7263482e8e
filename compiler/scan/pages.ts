/**
 * `pages/` -> PageIR[]. Page paths follow the route naming rules (`index`, `[id]`, `[...rest]`,
 * `(group)`, `_` ignored). `layout.<ext>` wraps the pages of its directory and below;
 * `<name>.server.ts` is the server side of the page `<name>.<ext>` beside it.
 */
import path from "node:path";
import { error, type Diagnostic } from "../diagnostics.js";
import type { PageIR } from "../ir.js";
import { loadModule, relativeToRoot, type ScanContext } from "./context.js";
import { listFiles, matchExtension } from "./files.js";
import { isIgnoredName, parseSegments, toPattern } from "./filenames.js";
import { componentFilePageExports, exportedTwice, type PageLevelExport } from "./page-exports.js";
import { scanPageComponent, scanServerModule, type PageComponentScan, type ServerModuleScan } from "./page-modules.js";

export const PAGE_EXTENSIONS = [".tsx", ".jsx", ".vue", ".svelte", ".md"] as const;
/** Page files the compiler parses for their exports; .vue and .svelte need their own compilers. */
const SCRIPT_PAGE_EXTENSIONS = [".tsx", ".jsx"];
const SERVER_EXTENSIONS = [".server.ts", ".server.mts", ".server.js", ".server.mjs"] as const;

export interface PageScan {
  pages: PageIR[];
  notFoundPage: PageIR | null;
  diagnostics: Diagnostic[];
}

/** `pages/404.<ext>` answers unmatched paths; it is no route of its own. */
const NOT_FOUND_STEM = "404";

export function scanPages(ctx: ScanContext): PageScan {
  const result: PageScan = { pages: [], notFoundPage: null, diagnostics: [] };
  const dir = ctx.layout.conventions.pages;
  if (!dir) return result;
  const files = listFiles(dir, { recursive: true, include: (name) => !isIgnoredName(name) });
  const fileOf = (pagePath: string) => relativeToRoot(ctx, path.join(dir, pagePath));

  const layouts = new Map<string, string>();
  const servers = new Map<string, string>();
  const pages: { pagePath: string; stem: string; extension: string }[] = [];
  for (const pagePath of files) {
    const serverExtension = matchExtension(pagePath, SERVER_EXTENSIONS);
    if (serverExtension) {
      servers.set(pagePath.slice(0, -serverExtension.length), fileOf(pagePath));
      continue;
    }
    const extension = matchExtension(pagePath, PAGE_EXTENSIONS);
    if (!extension) continue;
    const stem = pagePath.slice(0, -extension.length);
    if (path.posix.basename(stem) === "layout") {
      const layoutDir = path.posix.dirname(stem);
      if (!layouts.has(layoutDir)) layouts.set(layoutDir, fileOf(pagePath));
    } else {
      pages.push({ pagePath, stem, extension });
    }
  }

  for (const layoutFile of layouts.values()) {
    if (matchExtension(layoutFile, SCRIPT_PAGE_EXTENSIONS)) result.diagnostics.push(...scanComponent(ctx, path.join(ctx.layout.root, layoutFile)).diagnostics);
  }
  for (const { pagePath, stem, extension } of pages) {
    const file = fileOf(pagePath);
    const parsed = parseSegments(stem.split("/"), file);
    if (!parsed.ok) {
      result.diagnostics.push(parsed.diagnostic);
      continue;
    }
    const component = SCRIPT_PAGE_EXTENSIONS.includes(extension) ? scanComponent(ctx, path.join(dir, pagePath)) : null;
    result.diagnostics.push(...(component?.diagnostics ?? []));
    const serverFile = servers.get(stem) ?? null;
    const server = serverFile ? scanServer(ctx, serverFile) : NO_SERVER;
    result.diagnostics.push(...server.diagnostics);
    const pageExports = component?.pageExports ?? moduleScriptExports(path.join(dir, pagePath), extension);
    result.diagnostics.push(...exportedTwice(file, pageExports, server.pageExports));
    const serverPageExports = server.pageExports.map((entry) => entry.name);
    const entry: PageIR = {
      file,
      pattern: toPattern(parsed.segments),
      segments: parsed.segments,
      kind: extension === ".md" ? "markdown" : "component",
      serverFile,
      layouts: ancestorDirs(path.posix.dirname(stem)).flatMap((d) => layouts.get(d) ?? []),
      methods: server.methods,
      serverPageExports,
      // Only .tsx and .jsx files are parsed whole, so the others' exports are looked at after the build.
      mayPrerender: component === null || [...component.pageExports, ...serverPageExports].some((name) => PRERENDER_EXPORTS.includes(name)),
    };
    if (stem === NOT_FOUND_STEM) result.notFoundPage = entry;
    else result.pages.push(entry);
  }
  const paired = new Set(pages.map((page) => page.stem));
  for (const [stem, serverFile] of servers) {
    if (paired.has(stem)) continue;
    result.diagnostics.push(
      error("SDK_PAGE_SERVER_ORPHAN", `${serverFile} has no page beside it.`, {
        file: serverFile,
        line: 1,
        column: 1,
        hint: `Add the page it serves (${path.posix.basename(stem)}.tsx next to it), or move the code to src/ if it is shared.`,
      }),
    );
  }
  return result;
}

const PRERENDER_EXPORTS: readonly PageLevelExport[] = ["prerender", "getPrerenderPaths"];

const NO_SERVER: ServerModuleScan = { methods: ["GET"], pageExports: [], diagnostics: [] };

function scanComponent(ctx: ScanContext, absolutePath: string): PageComponentScan {
  const module = loadModule(ctx, absolutePath);
  return module ? module.fact("page-component", (sourceFile) => scanPageComponent(sourceFile, ctx.layout.root)) : { diagnostics: [], pageExports: [] };
}

/** A .vue or .svelte page's page-level exports; a Markdown page's are compiled from its frontmatter. */
function moduleScriptExports(absolutePath: string, extension: string): PageLevelExport[] {
  return extension === ".vue" || extension === ".svelte" ? componentFilePageExports(absolutePath, extension) : [];
}

function scanServer(ctx: ScanContext, serverFile: string): ServerModuleScan {
  const module = loadModule(ctx, path.join(ctx.layout.root, serverFile));
  return module ? module.fact("page-server", (sourceFile) => scanServerModule(sourceFile, ctx.layout.root)) : NO_SERVER;
}


/** `a/b` -> [".", "a", "a/b"]: outermost first, as `path.posix.dirname` names them. */
function ancestorDirs(dir: string): string[] {
  if (dir === ".") return ["."];
  const parts = dir.split("/");
  return [".", ...parts.map((_, i) => parts.slice(0, i + 1).join("/"))];
}
