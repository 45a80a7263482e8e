/** Turns a page payload into the PageTree a UI adapter renders, loading the modules it names. */
import type { LayoutModule, PageModule, PagePayload, PageTree } from "../types.js";
import { withStreamedProps } from "./streamed-props.js";

/** Dynamic imports keyed by file id, as the generated client entry lists them. */
export type ModuleTable<Module> = Readonly<Record<string, () => Promise<Module>>>;

/** `url`: the path and query the tree is for. */
export type TreeLoader = (payload: PagePayload, url: string) => Promise<PageTree>;

export function createTreeLoader(pages: ModuleTable<PageModule>, layouts: ModuleTable<LayoutModule>): TreeLoader {
  return async (loaded, url) => {
    const payload = withStreamedProps(loaded);
    const [page, ...chain] = await Promise.all([load(pages, payload.page), ...payload.layouts.map((id) => load(layouts, id))]);
    return {
      layouts: payload.layouts.map((id, index) => ({ id, component: chain[index].default })),
      page: { id: payload.page, component: page.default },
      payload,
      url,
    };
  };
}

async function load<Module>(table: ModuleTable<Module>, id: string): Promise<Module> {
  const importModule = table[id];
  if (!importModule) throw new Error(`sdk: the client entry has no module for ${id}`);
  return importModule();
}
