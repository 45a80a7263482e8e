/**
 * The contracts of the pages core, shared by the server, the browser router and the four UI
 * adapters (react, vue, svelte, solid). A UI library plugs in through `UiServerAdapter` (render a
 * page inside its layouts to HTML) and `UiClientAdapter` (hydrate or mount that tree, then swap
 * the page under layouts that stay mounted); everything else (data, head, actions, navigation,
 * the document) is decided once, here and in runtime/pages/.
 */
import type { Context } from "hono";
import type { Handler } from "../handler.js";
import type { ClientWindow } from "./client/client-window.js";

/** `head()`'s result, and `head` in sdk.config.ts: the contract's fields. */
export interface HeadDescriptor {
  title?: string;
  /** `%s` is replaced by the resolved title. */
  titleTemplate?: string;
  /** De-duplicated by `name`, else `property`, else `http-equiv`, else `charset`; the later source wins. */
  meta?: Array<Record<string, string>>;
  /** Concatenated: config, middleware, page. */
  link?: Array<Record<string, string>>;
  /** Concatenated; `children` is the inline script text, every other key an attribute. */
  script?: Array<Record<string, string>>;
  htmlAttrs?: Record<string, string>;
  bodyAttrs?: Record<string, string>;
}

/**
 * What a page module (`pages/x.tsx`, `.vue`, `.svelte`, compiled `.md`) exports. `head`, `ssr`,
 * `prerender`, `getPrerenderPaths` and `streamTimeout` may come from its `.server.ts` instead: the
 * page table puts them here.
 */
export interface PageModule<Component = unknown, Props = unknown> {
  readonly default: Component;
  readonly head?: HeadFunction<Props>;
  /** false: the server sends the document (head, data) and the browser renders the page. */
  readonly ssr?: boolean;
  readonly prerender?: boolean;
  readonly getPrerenderPaths?: () => string[] | Promise<string[]>;
  /** How long each streamed prop may take, in milliseconds (default 10 s); past it the prop fails. */
  readonly streamTimeout?: number;
  /** Markdown pages: the parsed frontmatter. */
  readonly frontmatter?: Readonly<Record<string, unknown>>;
}

/** A layout module: its default export wraps the page (children / slot). */
export interface LayoutModule<Component = unknown> {
  readonly default: Component;
}

/** `x.server.ts`: `loader` answers GET data; `action` or named `actions` answer POST. */
export interface ServerModule {
  readonly loader?: Handler<unknown>;
  readonly action?: Handler<unknown>;
  readonly actions?: Readonly<Record<string, Handler<unknown>>>;
}

export interface HeadFunction<Props = unknown> {
  readonly kind: "head";
  // A method, so a page's head typed by its own props still fits the page table's `unknown`: the
  // loader that gives the props is the page's own, paired by the generated table.
  fn(c: Context, props: Props): HeadDescriptor | Promise<HeadDescriptor>;
}

/** One page as the generated page table lists it. */
export interface PageDefinition {
  /** Stable id: the page file, project-relative (`pages/blog/[slug].tsx`). */
  readonly id: string;
  /** Hono pattern, as API routes use. */
  readonly pattern: string;
  readonly page: PageModule;
  readonly server?: ServerModule;
  /** Outermost first; ids are the layout files. */
  readonly layouts: readonly { readonly id: string; readonly module: LayoutModule }[];
}

/** The client build's output, per page id: what the document links. */
export interface ClientManifest {
  /** Changes with every build; a client whose version differs reloads instead of navigating. */
  readonly version: string;
  /** The client entry script, absolute URL path (`/assets/entry-1a2b3c.js`). */
  readonly entry: string;
  readonly pages: Readonly<Record<string, ClientPageAssets>>;
  /** `sdk dev`'s: each document's head gets the slot the dev server fills with the page's CSS (runtime/dev/styles-slot.ts). */
  readonly devStyles?: true;
}

export interface ClientPageAssets {
  /** Chunks to `<link rel="modulepreload">`, the page's own chunk first. */
  readonly modules: readonly string[];
  /** Stylesheets imported by the page, its layouts and their imports. */
  readonly css: readonly string[];
}

/**
 * What travels to the browser, embedded in the first document and as the navigation JSON
 * (`<page path>/__data.json`): everything the client needs to render the page.
 */
export interface PagePayload {
  readonly version: string;
  readonly page: string;
  readonly layouts: readonly string[];
  readonly props: unknown;
  readonly params: Readonly<Record<string, string>>;
  /** The resolved head, applied to the document on navigation. */
  readonly head: HeadDescriptor;
  /** Markdown pages' frontmatter (useFrontmatter). */
  readonly frontmatter?: Readonly<Record<string, unknown>>;
  /** An action's answer: `errors` with status 422, or data returned by the action. */
  readonly action?: ActionResult;
  /** false when the page renders only in the browser. */
  readonly ssr: boolean;
  /**
   * The props the loader handed back as promises (streamed): their values are not in `props` on
   * the wire but arrive later, each as its Settled outcome, in the document after the page's HTML
   * (a script element per prop, DEFERRED_ID + name) or in `settled` of the navigation JSON. The
   * browser turns each back into a promise before the page renders.
   */
  readonly deferred?: readonly string[];
  /** The outcomes of `deferred` props where they travel inside the payload (the navigation JSON). */
  readonly settled?: Readonly<Record<string, Settled>>;
}

/** A streamed prop's outcome as it travels: its value, or the message it failed with. */
export type Settled = { readonly value: unknown } | { readonly error: string };

export interface ActionResult {
  readonly status: number;
  readonly data?: unknown;
  readonly errors?: unknown;
  /** An enhanced submission's redirect: the Location to navigate to (`status` is the redirect's). */
  readonly redirect?: string;
}

/** The tree a UI adapter renders: layouts outermost first, then the page. */
export interface PageTree<Component = unknown> {
  readonly layouts: readonly { readonly id: string; readonly component: Component }[];
  readonly page: { readonly id: string; readonly component: Component };
  readonly payload: PagePayload;
  /** The URL the tree is for (path and query). */
  readonly url: string;
}

/** A page whose components wrote into the document's head too (Svelte's `<svelte:head>`). */
export interface RenderedPage {
  readonly body: string;
  /** HTML for the end of `<head>`, as the library wrote it (with its hydration markers). */
  readonly head: string;
}

export interface UiServerAdapter<Component = unknown, Rendered extends string | RenderedPage = string | RenderedPage> {
  /**
   * HTML of the tree, complete (prerender and first render alike): a string when the library
   * rendered it at once, a promise when the page waits for data while rendering; with head
   * content beside it when the components write some.
   */
  renderToString(tree: PageTree<Component>): Rendered | Promise<Rendered>;
  /**
   * HTML of the tree as the library streams it, for a page whose loader handed back promises
   * (streamed props): resolves once the shell is ready (fallbacks where the page waits). Absent
   * where the library cannot stream (Svelte 5): the page then renders once the promises have settled.
   */
  renderToStream?(tree: PageTree<Component>): Promise<StreamedRender>;
}

/**
 * A library's streamed render, its shell ready. Pushed, not pulled: the parts go to the
 * document's writer as the library produces them, with no stream or read promise per part, which
 * a page waiting on a slow prop would keep alive for the whole wait.
 */
export interface StreamedRender {
  /**
   * Hands `write` each part as the library produces it, the shell first (at once), and resolves
   * once every boundary has its content; rejects when the render fails past its shell.
   */
  pipe(write: (html: Uint8Array | string) => void): Promise<void>;
  /** Stops the render: the client went away, or the streamed props' time is up. */
  cancel(): void;
}

/** How the UI adapter reaches the router: navigation, form submission, the current state. */
export interface RouterHandle {
  navigate(url: string, options?: { replace?: boolean; scroll?: boolean }): Promise<void>;
  reload(): Promise<void>;
  prefetch(url: string): void;
  /**
   * Submits a form to the page's action with `post` (`postForm` of `client/form-submit.js`) and
   * resolves with the action's result. The Form component that calls this passes `post`, so the
   * posting code ships with the pages that render a form, not in every app's client entry.
   */
  submit(form: HTMLFormElement, submitter: HTMLElement | null | undefined, post: FormPoster): Promise<ActionResult>;
}

/** Undefined when there is no JSON answer: the browser is then loading a document. */
export type FormPoster = (win: ClientWindow, form: HTMLFormElement, submitter?: HTMLElement | null) => Promise<ActionResult | undefined>;

export interface UiClientAdapter<Component = unknown> {
  /** First load: attach to the server-rendered HTML in `container` (or render into it when ssr is false). */
  start(container: Element, tree: PageTree<Component>, router: RouterHandle, options: { hydrate: boolean }): void;
  /**
   * Navigation: show `tree`; layouts whose ids are unchanged stay mounted. The new tree is in
   * the DOM once this returns or resolves (Vue commits on its next tick), so the router awaits it
   * before it applies the head, scrolls and moves focus.
   */
  update(tree: PageTree<Component>): void | Promise<void>;
}
