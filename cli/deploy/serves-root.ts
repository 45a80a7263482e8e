/**
 * Whether the app itself answers `/`: a route or page at `/` or an index.html among its assets
 * (the single-page fallback serves one too). Readiness reads it to know whether a 404 at `/` can
 * only be the platform's.
 */
import type { AppIR } from "../../compiler/ir.js";

export function servesRoot(ir: Pick<AppIR, "routes" | "pages" | "assets">): boolean {
  return ir.routes.some((route) => route.pattern === "/") || ir.pages.some((page) => page.pattern === "/") || ir.assets.some((asset) => asset.path === "/index.html");
}
