/**
 * `routing` as the server runs it, decided at build time: `notFound` inferred when omitted (the
 * contract: `404-page` for a static site with a 404.html, `single-page-application` for a client
 * router, `none` to keep the worker's own 404), `isr` defaulted, the 404 pages listed.
 */
import type { AppIR, AssetIR, RoutingIR } from "../ir.js";
import { compileRouting } from "../../runtime/routing/compile.js";
import type { NotFoundHandling, RuntimeRouting } from "../../runtime/routing/config.js";

export function inferNotFound(ir: Pick<AppIR, "config" | "appType" | "assets">): { value: NotFoundHandling; reason: string } {
  const configured = ir.config.routing?.notFound;
  if (configured) return { value: configured, reason: "routing.notFound" };
  if (ir.appType === "spa") return { value: "single-page-application", reason: "the app type is spa" };
  if (ir.appType === "static") return { value: "404-page", reason: "the app type is static" };
  if (ir.assets.some((asset) => asset.path === "/404.html")) return { value: "404-page", reason: "public/404.html exists" };
  return { value: "none", reason: "the app answers its own 404s" };
}

/**
 * `routing` as the server runs it, once per set of assets: the emitters read the result from the
 * IR (`ir.routing`) instead of deriving it again.
 */
export function resolveRouting(ir: Pick<AppIR, "config" | "appType" | "assets" | "deferredPrerender">): RoutingIR {
  const { prerender: _buildTimeOnly, notFound: _inferred, isr, ...rules } = ir.config.routing ?? {};
  const notFoundPages = ir.assets.filter((asset) => asset.path.endsWith("/404.html")).map((asset) => asset.path);
  const notFound = inferNotFound(ir);
  const runtime: RuntimeRouting = {
    // The schema has checked every value; the config's types only say the keys are optional.
    ...(rules as Omit<RuntimeRouting, "notFound" | "isr">),
    notFound: notFound.value,
    isr: isr !== false,
    ...(notFoundPages.length > 0 && { notFoundPages }),
    ...(ir.deferredPrerender?.length && { prerendered: [...ir.deferredPrerender] }),
  };
  const compiled = compileRouting(runtime);
  return { runtime, notFoundReason: notFound.reason, layer: !compiled.passThrough, isr: compiled.isr };
}

/** The IR's assets replaced (a client build or prerendered pages join them), and its routing resolved again, as it lists the 404 pages. */
export function replaceAssets(ir: AppIR, assets: AssetIR[]): void {
  const writable = ir as { assets: AssetIR[]; routing: RoutingIR };
  writable.assets = assets;
  writable.routing = resolveRouting(ir);
}

/** The paths the running app prerenders (and ISR keeps until the next build) recorded, and routing resolved again. */
export function deferPrerender(ir: AppIR, paths: readonly string[]): void {
  const writable = ir as { deferredPrerender?: readonly string[]; routing: RoutingIR };
  writable.deferredPrerender = paths;
  writable.routing = resolveRouting(ir);
}
