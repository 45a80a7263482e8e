/**
 * Ranks the search index's entries for a query: an entry matches when every word of the query is
 * in its heading, its page's title or its text; words in the heading count most.
 */
import type { SearchEntry } from "../plugins/read-pages.ts";

export interface SearchResult {
  entry: SearchEntry;
  /** Text around the first match, for the result list. */
  excerpt: string;
}

const MAX_RESULTS = 20;
const EXCERPT_AROUND = 70;

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function score(entry: SearchEntry, words: string[]): number {
  const heading = entry.heading.toLowerCase();
  const page = entry.page.toLowerCase();
  const text = entry.text.toLowerCase();
  let total = 0;
  for (const word of words) {
    const inHeading = heading.includes(word);
    const inPage = page.includes(word);
    const inText = text.includes(word);
    if (!inHeading && !inPage && !inText) return 0;
    total += (inHeading ? 10 : 0) + (inPage ? 3 : 0) + (inText ? 1 : 0);
  }
  return total;
}

function excerpt(text: string, words: string[]): string {
  const lower = text.toLowerCase();
  const at = Math.max(0, Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0), text.length));
  const start = Math.max(0, at - EXCERPT_AROUND);
  const end = Math.min(text.length, at + EXCERPT_AROUND * 2);
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

export function search(entries: readonly SearchEntry[], query: string): SearchResult[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  return entries
    .map((entry) => ({ entry, score: score(entry, words) }))
    .filter((ranked) => ranked.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_RESULTS)
    .map(({ entry }) => ({ entry, excerpt: excerpt(entry.text, words) }));
}
