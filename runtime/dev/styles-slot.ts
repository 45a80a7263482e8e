/**
 * Where `sdk dev` puts a page's stylesheets. The document carries this comment in its head; the
 * dev server (cli/dev/page-styles.ts) replaces it, as the head streams through, with the CSS of
 * the page's and its layouts' module graph, so the server-rendered page arrives styled as a built
 * one does, on every target, with no request from the app back to the dev server.
 */
const OPENING = "<!--sdk-dev-styles:";
const CLOSING = "-->";

export function devStylesSlot(pageId: string): string {
  return `${OPENING}${encodeURIComponent(pageId)}${CLOSING}`;
}

/** The first slot in `html`: where it starts and ends, and the page it names. */
export function findDevStylesSlot(html: string): { start: number; end: number; pageId: string } | undefined {
  const start = html.indexOf(OPENING);
  if (start === -1) return undefined;
  const end = html.indexOf(CLOSING, start + OPENING.length);
  if (end === -1) return undefined;
  try {
    return { start, end: end + CLOSING.length, pageId: decodeURIComponent(html.slice(start + OPENING.length, end)) };
  } catch {
    return undefined;
  }
}
