/** `notFound: "404-page"`: the `404.html` nearest to the requested path answers, as on the edge. */

/** `/docs/a/b` looks for `/docs/a/404.html`, `/docs/404.html`, then `/404.html`. */
export function nearestNotFoundPage(pages: readonly string[], pathname: string): string | null {
  if (pages.length === 0) return null;
  const available = new Set(pages);
  let dir = pathname.endsWith("/") ? pathname : pathname.slice(0, pathname.lastIndexOf("/") + 1);
  for (;;) {
    const candidate = `${dir}404.html`;
    if (available.has(candidate)) return candidate;
    if (dir === "/") return null;
    dir = dir.slice(0, dir.slice(0, -1).lastIndexOf("/") + 1);
  }
}
