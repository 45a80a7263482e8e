/**
 * `routing` as the server runs it, decided at build time: `notFound` inferred when omitted (the
 * contract: `404-page` for a static site with a 404.html, `single-page-application` for a client
 * router, `none` to keep the worker's own 404), `isr` defaulted, the 404 pages listed.
 */
import type { AppIR } from "../ir.js";
import { compileRouting } from "../../runtime/routing/compile.js";
import type { NotFoundHandling, RuntimeRouting } from "../../runtime/routing/config.js";

export function inferNotFound(ir: AppIR): { value: NotFoundHandling; reason: string } {
  const configured = ir.config.routing?.notFound;
  if (configured) return { value: configured, reason: "routing.notFound" };
  if (ir.appType === "spa") return { value: "single-page-application", reason: "the app type is spa" };
  if (ir.appType === "static") return { value: "404-page", reason: "the app type is static" };
  if (ir.assets.some((asset) => asset.path === "/404.html")) return { value: "404-page", reason: "public/404.html exists" };
  return { value: "none", reason: "the app answers its own 404s" };
}

/** False when the server needs no routing layer: no rules, no not-found policy, no ISR TTLs. */
export function hasRoutingRules(ir: AppIR): boolean {
  return !compileRouting(resolveRouting(ir)).passThrough;
}

/** True when some path has a revalidate TTL and `isr` is not false: the server caches with ISR. */
export function hasIsr(ir: AppIR): boolean {
  return compileRouting(resolveRouting(ir)).isr;
}

export function resolveRouting(ir: AppIR): RuntimeRouting {
  const { prerender: _buildTimeOnly, notFound: _inferred, isr, ...rules } = ir.config.routing ?? {};
  const notFoundPages = ir.assets.filter((asset) => asset.path.endsWith("/404.html")).map((asset) => asset.path);
  return {
    // The schema has checked every value; the config's types only say the keys are optional.
    ...(rules as Omit<RuntimeRouting, "notFound" | "isr">),
    notFound: inferNotFound(ir).value,
    isr: isr !== false,
    ...(notFoundPages.length > 0 && { notFoundPages }),
  };
}
