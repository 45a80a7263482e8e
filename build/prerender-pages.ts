/**
 * Which pages are prerendered, decided by the built page modules as the contract's `output`
 * table says: with `output: "static"` every page unless it exports `prerender = false`; with
 * `server` (the default) only pages that export `prerender = true`, and Markdown pages, which
 * default to it; `routing.isr: false` turns the latter off. A dynamic page is prerendered at the
 * paths its `getPrerenderPaths()` returns; one without it is reported, never skipped in silence.
 */
import { error, warning, type Diagnostic } from "../compiler/diagnostics.js";
import type { AppIR } from "../compiler/ir.js";
import type { PageDefinition } from "../runtime/pages/types.js";
import { watchReads } from "./prerender-reads.js";

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
    const paths = await pathsOf(page.id, listPaths);
    if (Array.isArray(paths)) plan.pages.push({ page: page.id, paths });
    else plan.diagnostics.push(paths);
  }
  return plan;
}

/** A dynamic page's paths, or why it gave none: it runs at build, where no binding or secret exists. */
async function pathsOf(page: string, listPaths: () => string[] | Promise<string[]>): Promise<string[] | Diagnostic> {
  const watch = watchReads();
  let failure: unknown;
  let paths: string[] | undefined;
  try {
    paths = [...(await listPaths())];
  } catch (cause) {
    failure = cause;
  }
  const seen = watch.stop();
  if (paths) return paths;
  const message = failure instanceof Error ? failure.message : String(failure);
  return error("SDK_PRERENDER_PATHS_FAILED", `getPrerenderPaths() of ${page} threw: ${message.split("\n")[0]}${seen.reads.length ? ` (it read ${seen.reads.join(", ")}, which the build does not have)` : ""}`, {
    file: page,
    hint: "getPrerenderPaths() runs at build, where no binding or secret exists: return the paths without the database (from files, or a list), or drop prerender and let the page render per request with a revalidate TTL",
  });
}
