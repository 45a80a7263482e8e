/**
 * Which pages are prerendered, decided by the built page modules as the contract's `output`
 * table says: with `output: "static"` every page unless it exports `prerender = false`; with
 * `server` (the default) only pages that export `prerender = true`, and Markdown pages, which
 * default to it; `routing.isr: false` turns the latter off. A dynamic page is prerendered at the
 * paths its `getPrerenderPaths()` returns; one without it is reported, never skipped in silence.
 */
import { warning, type Diagnostic } from "../compiler/diagnostics.js";
import type { AppIR } from "../compiler/ir.js";
import type { PageDefinition } from "../runtime/pages/types.js";

export interface PagePaths {
  /** The page file, for diagnostics about its paths. */
  page: string;
  paths: string[];
}

export interface PrerenderPlan {
  pages: PagePaths[];
  diagnostics: Diagnostic[];
}

function wantsPrerender(page: PageDefinition, ir: AppIR): boolean {
  if (ir.config.output === "static") return page.page.prerender !== false;
  if (ir.config.routing?.isr === false) return false;
  return page.page.prerender === true;
}

export async function planPagePrerender(pages: readonly PageDefinition[], ir: AppIR): Promise<PrerenderPlan> {
  const plan: PrerenderPlan = { pages: [], diagnostics: [] };
  for (const page of pages) {
    if (!wantsPrerender(page, ir)) continue;
    if (!page.pattern.includes(":")) {
      plan.pages.push({ page: page.id, paths: [page.pattern] });
      continue;
    }
    const listPaths = page.page.getPrerenderPaths;
    if (listPaths === undefined) {
      plan.diagnostics.push(
        warning("SDK_PRERENDER_DYNAMIC", `${page.id} is dynamic (${page.pattern}) and has no getPrerenderPaths(), so it is not prerendered; it renders per request.`, {
          file: page.id,
          hint: 'Export `async function getPrerenderPaths() { return ["/blog/a", "/blog/b"]; }`, or `export const prerender = false` to say it is meant to render per request.',
        }),
      );
      continue;
    }
    plan.pages.push({ page: page.id, paths: [...(await listPaths())] });
  }
  return plan;
}
