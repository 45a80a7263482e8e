/**
 * `pages/` -> PageIR[]. Page paths follow the route naming rules (`index`, `[id]`, `[...rest]`,
 * `(group)`, `_` ignored). `layout.<ext>` wraps the pages of its directory and below;
 * `<name>.server.ts` is the server side of the page `<name>.<ext>` beside it.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import type { PageIR } from "../ir.js";
import { relativeToRoot, type ScanContext } from "./context.js";
import { listFiles, matchExtension } from "./files.js";
import { isIgnoredName, parseSegments, toPattern } from "./filenames.js";

export const PAGE_EXTENSIONS = [".tsx", ".jsx", ".vue", ".svelte", ".md"] as const;
const SERVER_EXTENSIONS = [".server.ts", ".server.mts", ".server.js", ".server.mjs"] as const;

export interface PageScan {
  pages: PageIR[];
  diagnostics: Diagnostic[];
}

export function scanPages(ctx: ScanContext): PageScan {
  const result: PageScan = { pages: [], diagnostics: [] };
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

  for (const { pagePath, stem, extension } of pages) {
    const file = fileOf(pagePath);
    const parsed = parseSegments(stem.split("/"), file);
    if (!parsed.ok) {
      result.diagnostics.push(parsed.diagnostic);
      continue;
    }
    result.pages.push({
      file,
      pattern: toPattern(parsed.segments),
      segments: parsed.segments,
      kind: extension === ".md" ? "markdown" : "component",
      serverFile: servers.get(stem) ?? null,
      layouts: ancestorDirs(path.posix.dirname(stem)).flatMap((d) => layouts.get(d) ?? []),
    });
  }
  return result;
}

/** `a/b` -> [".", "a", "a/b"]: outermost first, as `path.posix.dirname` names them. */
function ancestorDirs(dir: string): string[] {
  if (dir === ".") return ["."];
  const parts = dir.split("/");
  return [".", ...parts.map((_, i) => parts.slice(0, i + 1).join("/"))];
}
