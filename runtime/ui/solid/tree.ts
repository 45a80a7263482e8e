/**
 * The component tree of a page, the same on the server and in the browser so hydration matches:
 * the page context, one level per layout (outermost first), then the page. Each level shows
 * the file at its depth, keyed by the file's id: when the tree changes and a depth still shows
 * the same file, that level stays mounted with its state, and only the levels below that differ
 * are created anew. The page's props are reactive, so the same page file at another URL
 * (/blog/a to /blog/b) stays mounted too and its props change in place, as Solid props do.
 *
 * Only the app's layouts and page go through createComponent; our own levels are plain calls on
 * both sides, so they take no hydration key and cost the server render nothing per level.
 */
import { createComponent, createMemo, getOwner, runWithOwner, untrack, type Accessor, type Component, type JSX, type Owner } from "solid-js";
import { isServer } from "solid-js/web";
import type { PageTree, RouterHandle } from "../../pages/types.js";
import { PageContext, type PageContextValue } from "./context.js";

export type SolidPageTree = PageTree<Component<any>>;

/** The page tree; `tree` is read reactively, `router` is null on the server. */
export function pageRoot(tree: Accessor<SolidPageTree>, router: RouterHandle | null): JSX.Element {
  const page: PageContextValue = { router, payload: createMemo(() => tree().payload), url: createMemo(() => tree().url) };
  return withPageContext(page, () => level(tree, 0));
}

/**
 * `render()` with the page context. In the browser through `PageContext.Provider`. On the
 * server, where nothing re-renders, through an owner of its own holding the context, as the
 * provider's memo would: the provider's memo and the `children()` resolution under it tripled
 * the time workerd spent collecting garbage on the SSR benchmark's 50-item page (716 ms against
 * 228 ms per 8,000 requests). The owner has the fields of Solid's server owners and joins its
 * parent's owned list, so disposing the render's root cleans it up as it cleans a memo. Neither
 * way adds markup or takes a hydration key, so the HTML and hydration are the same.
 */
function withPageContext(page: PageContextValue, render: () => JSX.Element): JSX.Element {
  if (!isServer) {
    return PageContext.Provider({
      value: page,
      get children() {
        return render();
      },
    });
  }
  const parent = getOwner();
  const owner: Owner = { owner: parent, context: { ...parent?.context, [PageContext.id]: page }, owned: null, cleanups: null };
  if (parent) (parent.owned ??= []).push(owner as NonNullable<Owner["owned"]>[number]);
  return runWithOwner(owner, render) as JSX.Element;
}

/**
 * Reactive in the browser, where the tree changes; on the server, where it never does, the props
 * as they are, which the page reads faster.
 */
function pageProps(tree: Accessor<SolidPageTree>): object {
  // A page without a loader may have no props; a Solid component's props always exist.
  const props = () => (tree().payload.props ?? {}) as Props;
  return isServer ? props() : followingProps(props);
}

type Props = Record<PropertyKey, unknown>;

/**
 * Props whose every read goes to the tree on screen, so a page kept mounted across a navigation
 * sees the new ones. What `mergeProps(() => props)` does, without the 1.4 kB of Solid's code it
 * would add to every client bundle. Its properties are getters, so a page's own `mergeProps` or
 * `splitProps` keeps following them.
 */
function followingProps(current: () => Props): object {
  return new Proxy({}, {
    get: (_, key) => current()[key],
    has: (_, key) => key in current(),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) =>
      Object.hasOwn(current(), key) ? { configurable: true, enumerable: true, get: () => current()[key] } : undefined,
  });
}

function level(tree: Accessor<SolidPageTree>, depth: number): JSX.Element {
  // A layout while the tree has one that deep, then the page; equal while the id is, so a
  // navigation that keeps this depth's file leaves the level alone.
  const shown = createMemo(() => tree().layouts[depth] ?? tree().page, undefined, { equals: (a, b) => a.id === b.id });
  // Re-run only when the file changes, which disposes the old level and everything under it.
  // Solid renders an accessor as the value it returns, as its Show and Switch return memos;
  // its JSX.Element type just has no member for that.
  return createMemo(() => {
    const file = shown();
    if (file.id === untrack(tree).page.id) return createComponent(file.component, pageProps(tree));
    return createComponent(file.component, {
      get children() {
        return level(tree, depth + 1);
      },
    });
  }) as unknown as JSX.Element;
}
