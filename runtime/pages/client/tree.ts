/** Turns a page payload into the PageTree a UI adapter renders, loading the modules it names. */
import type { LayoutModule, PageModule, PagePayload, PageTree } from "../types.js";

/** Dynamic imports keyed by file id, as the generated client entry lists them. */
export type ModuleTable<Module> = Readonly<Record<string, () => Promise<Module>>>;

/** `url`: the path and query the tree is for. */
export type TreeLoader = (payload: PagePayload, url: string) => Promise<PageTree>;

export function createTreeLoader(pages: ModuleTable<PageModule>, layouts: ModuleTable<LayoutModule>): TreeLoader {
  return async (payload, url) => {
    // Loaded only by a page with streamed props, so no other page's scripts carry it.
    if (payload.deferred) payload = (await import("./streamed.js")).default(payload);
    const [page, ...chain] = await Promise.all([load(pages, payload.page), ...payload.layouts.map((id) => load(layouts, id))]);
    return {
      layouts: payload.layouts.map((id, index) => ({ id, component: chain[index].default })),
      page: { id: payload.page, component: page.default },
      payload,
      url,
    };
  };
}

/**
 * An id the client entry has no module for (a page added by a newer build) rejects with a
 * TypeError, as any failed load does: the router then loads the page as a document. No message of
 * our own, to keep the client runtime small.
 */
async function load<Module>(table: ModuleTable<Module>, id: string): Promise<Module> {
  return table[id]!();
}
