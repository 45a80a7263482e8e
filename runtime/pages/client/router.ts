/**
 * The browser router: client-side navigation between pages (link clicks, back and forward,
 * `navigate`, `reload`), prefetching, and what follows an enhanced form submission (the Form
 * component brings the code that posts it). It only fetches data and loads modules; showing a
 * page is the UI adapter's `update`, the head is `applyHead`'s.
 */
import type { HeadDescriptor, RouterHandle, UiClientAdapter } from "../types.js";
import type { ClientWindow } from "./client-window.js";
import { linkDestination } from "./links.js";
import { fetchPageData, type PageData } from "./page-data.js";
import { createPrefetchCache } from "./prefetch-cache.js";
import { createScrollMemory, entryKey, entryState, newEntryKey } from "./scroll-memory.js";
import type { TreeLoader } from "./tree.js";

export interface RouterOptions {
  readonly win: ClientWindow;
  readonly adapter: Pick<UiClientAdapter, "update">;
  readonly loadTree: TreeLoader;
  readonly applyHead: (head: HeadDescriptor) => void;
  /** The build the first document came from: data from another build means a full load. */
  readonly version: string;
}

/** push and replace add or rewrite a history entry; pop shows the entry the browser moved to. */
type HistoryMode = "push" | "replace" | "pop";

/** true: to the URL's fragment, else the top; a number: that offset (back and forward); false: stay. */
type ScrollTarget = boolean | number;

const PREFETCH_LIFETIME_MS = 30_000;

/** Installs the router's listeners on `win` and returns the handle the UI adapter uses. */
export function createRouter({ win, adapter, loadTree, applyHead, version }: RouterOptions): RouterHandle {
  const { location, history, document } = win;
  const memory = createScrollMemory(() => win.sessionStorage);
  const prefetched = createPrefetchCache<Promise<PageData>>(PREFETCH_LIFETIME_MS);
  /** The key of the history entry on screen. */
  let entry = entryKey(history.state) ?? keyCurrentEntry();
  /** The path and query of the page on screen. */
  let shown = pathAndQuery(location);
  let inFlight: AbortController | undefined;

  // Scroll positions are restored here, once the entry's page is rendered, not by the browser
  // before it is.
  history.scrollRestoration = "manual";
  scroll(memory.get(entry) ?? false, "");

  function keyCurrentEntry(): string {
    const key = newEntryKey();
    history.replaceState(entryState(key), "");
    return key;
  }

  async function go(url: string, mode: HistoryMode, scrollTarget: ScrollTarget): Promise<void> {
    const target = new URL(url, location.href);
    const path = pathAndQuery(target);
    // Another site, or an anchor on the page on screen: the browser's own navigation is right.
    if (target.origin !== location.origin || (mode === "push" && target.hash && path === shown)) return location.assign(target.href);
    inFlight?.abort();
    const navigation = (inFlight = new AbortController());
    const data = await (prefetched.take(path) ?? fetchPageData(win.fetch, path, navigation.signal));
    if (navigation.signal.aborted) return;
    const href = data.url === path ? target.href : new URL(data.url, location.href).href;
    // Not a page payload, or one from another build than the modules this page loaded.
    if (data.payload?.version !== version) return location.assign(href);
    const tree = await loadTree(data.payload, data.url).catch(() => undefined);
    if (navigation.signal.aborted) return;
    if (!tree) return location.assign(href);

    // A push to the URL on screen, like the browser's, replaces; so does a pop the loader redirected.
    if (href !== location.href) {
      if (mode === "push") {
        memory.save(entry, win.scrollY);
        history.pushState(entryState((entry = newEntryKey())), "", href);
      } else history.replaceState(entryState(entry), "", href);
    }
    shown = data.url;
    await adapter.update(tree);
    applyHead(data.payload.head);
    scroll(scrollTarget, target.hash);
    if (scrollTarget !== false) resetFocus();
  }

  function scroll(target: ScrollTarget, hash: string): void {
    if (target === false) return;
    if (typeof target === "number") return win.scrollTo(0, target);
    const anchor = hash && document.getElementById(decodeFragment(hash.slice(1)));
    if (anchor) anchor.scrollIntoView();
    else win.scrollTo(0, 0);
  }

  /** Moves focus to the start of the new page, as a full load does, for keyboards and screen readers. */
  function resetFocus(): void {
    const { body } = document;
    body.tabIndex = -1;
    body.focus({ preventScroll: true });
    body.removeAttribute("tabindex");
  }

  function reload(): Promise<void> {
    prefetched.clear();
    return go(location.href, "replace", false);
  }

  win.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a");
    const url = link && linkDestination(event, (name) => link.getAttribute(name), document.baseURI, location.href);
    if (!url) return;
    event.preventDefault();
    void go(url, "push", true);
  });

  win.addEventListener("popstate", () => {
    // The entry the reader chose wins over any navigation still loading.
    inFlight?.abort();
    memory.save(entry, win.scrollY);
    entry = entryKey(history.state) ?? keyCurrentEntry();
    const saved = memory.get(entry);
    // Between entries of one page (anchors): nothing to fetch, only the scroll to put back.
    if (pathAndQuery(location) !== shown) void go(location.href, "pop", saved ?? true);
    else if (saved !== undefined) win.scrollTo(0, saved);
  });

  win.addEventListener("pagehide", () => {
    memory.save(entry, win.scrollY);
    memory.persist();
  });

  return {
    navigate: (url, options) => go(url, options?.replace ? "replace" : "push", options?.scroll ?? true),
    reload,
    prefetch(url) {
      const target = new URL(url, location.href);
      const path = pathAndQuery(target);
      if (target.origin !== location.origin || prefetched.has(path)) return;
      const data = fetchPageData(win.fetch, path);
      prefetched.put(path, data);
      // Load the page's modules too, so the click does not wait for them either.
      void data.then(({ payload, url }) => {
        if (payload?.version === version) loadTree(payload, url).catch(() => {});
      });
    },
    async submit(form, submitter, post) {
      const answer = await post(win, form, submitter);
      // No JSON answer: the browser is loading a document; the page this promise belongs to ends.
      if (!answer) return new Promise<never>(() => {});
      // The action may have changed any page's data.
      prefetched.clear();
      if (answer.redirect) await go(answer.redirect, "push", true);
      else if (answer.status < 300) await reload();
      return answer;
    },
  };
}

function pathAndQuery(url: Pick<URL, "pathname" | "search">): string {
  return url.pathname + url.search;
}

/** Fragments name ids percent-encoded or not; a malformed escape is taken as written. */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
