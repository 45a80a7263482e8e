/**
 * `/__sdk/` belongs to `sdk dev` (its triggers), which answers it before the app: a route, page
 * or public file there would work in a build and never be reached in dev. Route and page files
 * under `__sdk/` are already skipped as `_` names; a route whose pattern still lands there, or a
 * public file, is refused here.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

export const RESERVED_PREFIX = "/__sdk";

export function isReservedPath(urlPath: string): boolean {
  return urlPath === RESERVED_PREFIX || urlPath.startsWith(`${RESERVED_PREFIX}/`);
}

export function validateReservedPath(ir: AppIR): Diagnostic[] {
  const claims = [
    ...ir.routes.map((route) => ({ what: "route", path: route.pattern, where: { file: route.file, line: 1, column: 1 } })),
    ...ir.pages.map((page) => ({ what: "page", path: page.pattern, where: { file: page.file, line: 1, column: 1 } })),
    ...ir.jobs.websockets.map((ws) => ({ what: "WebSocket route", path: ws.pattern, where: { file: ws.file, line: 1, column: 1 } })),
    ...ir.assets.map((asset) => ({ what: "public file", path: asset.path, where: { file: asset.file } })),
  ];
  return claims
    .filter((claim) => isReservedPath(claim.path))
    .map((claim) =>
      error("SDK_RESERVED_PATH", `The ${claim.what} at ${claim.path} is under ${RESERVED_PREFIX}/, which sdk dev reserves for its own endpoints.`, {
        ...claim.where,
        hint: `Move it to another path: ${RESERVED_PREFIX}/ would answer it in dev, before the app sees the request.`,
      }),
    );
}
