/**
 * Which clicks on links the router takes over: only the ones the browser would turn into a plain
 * same-tab navigation to another page of this site. Everything else (new tab, download, another
 * origin, a jump to an anchor on this page) stays the browser's.
 */

/** The parts of a click that decide; a MouseEvent has them all. */
export interface LinkClick {
  readonly button: number;
  readonly metaKey: boolean;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
}

/**
 * The URL to navigate to client-side, or null to let the browser act. `attribute` reads the
 * link's attributes (attributes, not properties, so SVG `<a>` works too); `base` resolves the
 * href as the browser would (`document.baseURI`); `current` is the page's URL.
 */
export function linkDestination(
  click: LinkClick,
  attribute: (name: string) => string | null,
  base: string,
  current: string,
): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  const href = attribute("href");
  const target = attribute("target");
  if (href === null || (target && target !== "_self") || attribute("download") !== null) return null;
  if (attribute("rel")?.split(/\s+/).includes("external")) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  const here = new URL(current);
  if (url.origin !== here.origin) return null;
  // An anchor on this page (even a bare "#"): the browser scrolls and keeps the page.
  if (url.href.includes("#") && url.pathname + url.search === here.pathname + here.search) return null;
  return url.href;
}
