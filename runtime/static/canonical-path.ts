/**
 * The URL the edge's asset layer serves a file at, under its default `auto-trailing-slash` HTML
 * handling: `docs/index.html` at `/docs/`, `about.html` at `/about`. Asking for the file name
 * itself would be answered with a redirect to this URL.
 */
export function canonicalAssetPath(file: string): string {
  const encoded = file.split("/").map(encodeURIComponent).join("/");
  if (encoded === "index.html") return "/";
  if (encoded.endsWith("/index.html")) return `/${encoded.slice(0, -"index.html".length)}`;
  if (encoded.endsWith(".html")) return `/${encoded.slice(0, -".html".length)}`;
  return `/${encoded}`;
}
