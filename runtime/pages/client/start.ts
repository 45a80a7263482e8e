/**
 * The client entry's one call: reads the first page's payload from the document, loads its
 * modules, and hands the tree and the router to the UI adapter to hydrate (or render, for a page
 * with `ssr = false`).
 */
import { PAYLOAD_ID, ROOT_ID } from "../constants.js";
import type { LayoutModule, PageModule, PagePayload, UiClientAdapter } from "../types.js";
import { createHeadApplier } from "./head-dom.js";
import { createRouter } from "./router.js";
import { createTreeLoader, type ModuleTable } from "./tree.js";

export interface StartOptions {
  readonly adapter: UiClientAdapter;
  /** Dynamic imports of every page, keyed by file id (`"pages/about.tsx": () => import(...)`). */
  readonly pages: ModuleTable<PageModule>;
  /** Dynamic imports of every layout, keyed by file id. */
  readonly layouts: ModuleTable<LayoutModule>;
}

export async function startPages({ adapter, pages, layouts }: StartOptions): Promise<void> {
  const payload = JSON.parse(document.getElementById(PAYLOAD_ID)!.textContent!) as PagePayload;
  const loadTree = createTreeLoader(pages, layouts);
  const tree = await loadTree(payload, location.pathname + location.search);
  // The router starts once the first tree is ready: a click before that is a full load.
  const router = createRouter({ win: window, adapter, loadTree, applyHead: createHeadApplier(document, payload.head), version: payload.version });
  adapter.start(document.getElementById(ROOT_ID)!, tree, router, { hydrate: payload.ssr });
}
