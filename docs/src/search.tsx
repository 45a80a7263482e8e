/**
 * The search box: the index (virtual:docs-search) is fetched the first time the box is used, then
 * searched in the browser as the reader types. `/` focuses the box, Escape clears it, Enter opens
 * the first result.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, useRouter } from "sdk/react";
import type { SearchEntry } from "../plugins/read-pages.ts";
import { search } from "./search-match";

export function Search() {
  const [query, setQuery] = useState("");
  const [entries, setEntries] = useState<readonly SearchEntry[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const router = useRouter();

  const loadIndex = () => {
    if (entries === null) void import("virtual:docs-search").then((index) => setEntries(index.default));
  };

  useEffect(() => {
    const focusOnSlash = (event: globalThis.KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest("input, textarea, [contenteditable]");
      if (event.key === "/" && !typing) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener("keydown", focusOnSlash);
    return () => document.removeEventListener("keydown", focusOnSlash);
  }, []);

  const results = entries ? search(entries, query) : [];
  const close = () => setQuery("");
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") close();
    if (event.key === "Enter" && results[0]) {
      close();
      void router.navigate(results[0].entry.href);
    }
  };

  return (
    <div className="docs-search" role="search">
      <input
        ref={input}
        type="search"
        placeholder="Search the docs (press /)"
        aria-label="Search the docs"
        value={query}
        onFocus={loadIndex}
        onChange={(event) => {
          loadIndex();
          setQuery(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {query.trim() !== "" && (
        <ol className="docs-search-results" aria-label="Search results">
          {entries === null && <li className="docs-search-note">Loading the index…</li>}
          {entries !== null && results.length === 0 && <li className="docs-search-note">Nothing matches “{query.trim()}”.</li>}
          {results.map(({ entry, excerpt }) => (
            <li key={entry.href}>
              <Link href={entry.href} onClick={close}>
                <span className="docs-search-heading">{entry.heading}</span>
                <span className="docs-search-page">{entry.page}</span>
                <span className="docs-search-excerpt">{excerpt}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
