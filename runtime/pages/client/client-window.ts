/**
 * The browser surface the router reaches: `window` in a browser, a fake in unit tests. Passing it
 * in, rather than reading globals, is what lets the navigation logic run in Node.
 */
export interface ClientWindow {
  readonly location: Pick<Location, "href" | "origin" | "pathname" | "search" | "assign">;
  readonly history: Pick<History, "state" | "pushState" | "replaceState" | "scrollRestoration">;
  readonly document: Pick<Document, "baseURI" | "body" | "getElementById">;
  readonly sessionStorage: Pick<Storage, "getItem" | "setItem">;
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
  fetch: typeof fetch;
  addEventListener: Window["addEventListener"];
  readonly FormData: typeof FormData;
  readonly HTMLFormElement: typeof HTMLFormElement;
}
