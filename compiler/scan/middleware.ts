/**
 * `middleware/` -> MiddlewareIR[] in run order: numeric filename prefix ascending (`2.` before
 * `10.`), then files without a prefix by name. Each file default-exports `defineMiddleware(...)`.
 */
import path from "node:path";
import { error, type Diagnostic } from "../diagnostics.js";
import type { MiddlewareIR } from "../ir.js";
import { defaultExportOf } from "./ast.js";
import { loadModule, relativeToRoot, type ScanContext } from "./context.js";
import { compareCodeUnits, listFiles, matchExtension, MODULE_EXTENSIONS } from "./files.js";
import { isIgnoredName } from "./filenames.js";

export interface MiddlewareScan {
  middleware: MiddlewareIR[];
  diagnostics: Diagnostic[];
}

const HINT = 'Default-export a middleware: `export default defineMiddleware(async (c, next) => { await next(); })` with `import { defineMiddleware } from "sdk"`.';

export function scanMiddleware(ctx: ScanContext): MiddlewareScan {
  const result: MiddlewareScan = { middleware: [], diagnostics: [] };
  const dir = ctx.layout.conventions.middleware;
  if (!dir) return result;

  for (const name of listFiles(dir, { recursive: false, include: (entry) => !isIgnoredName(entry) })) {
    const extension = matchExtension(name, MODULE_EXTENSIONS);
    if (!extension) continue;
    const absolutePath = path.join(dir, name);
    const module = loadModule(ctx, absolutePath);
    if (!module) continue;
    const file = relativeToRoot(ctx, absolutePath);
    const check = defaultExportOf(ctx.layout.root, module, "defineMiddleware");
    if (check.status === "missing") {
      result.diagnostics.push(error("SDK_MIDDLEWARE_NO_DEFAULT", "Middleware file has no default export.", { file, line: 1, column: 1, hint: HINT }));
      continue;
    }
    if (check.status === "wrong") {
      result.diagnostics.push(error("SDK_MIDDLEWARE_NO_DEFAULT", "The default export of a middleware file is not built with defineMiddleware(...).", { ...check.where, hint: HINT }));
      continue;
    }
    result.middleware.push({ file, ...orderAndName(name.slice(0, -extension.length)) });
  }
  result.middleware.sort(compareMiddleware);
  return result;
}

/** `01.auth` -> order 1, name `auth`; `02-log`, `3_rate` too; `cors` -> no order. */
export function orderAndName(stem: string): { order: number | null; name: string } {
  const match = /^(\d+)[.\-_](.+)$/.exec(stem);
  return match ? { order: Number(match[1]), name: match[2] } : { order: null, name: stem };
}

export function compareMiddleware(a: MiddlewareIR, b: MiddlewareIR): number {
  if (a.order !== b.order) {
    if (a.order === null) return 1;
    if (b.order === null) return -1;
    return a.order - b.order;
  }
  return compareCodeUnits(a.name, b.name) || compareCodeUnits(a.file, b.file);
}
