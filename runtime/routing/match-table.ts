/**
 * "A value by path pattern", for `revalidate` and `revalidateQueryAllowlist`: the first pattern
 * other than `*` that matches, in the order the keys are written, gives the value; `*` is the
 * fallback for every other path, wherever it is written.
 */
import { compilePattern, type CompiledPattern } from "./pattern.js";

export interface ValueTable<T> {
  lookup(pathname: string): T | undefined;
}

export function compileValueTable<T>(record: Readonly<Record<string, T>> | undefined): ValueTable<T> {
  const entries: [CompiledPattern, T][] = [];
  let fallback: T | undefined;
  for (const [source, value] of Object.entries(record ?? {})) {
    if (source === "*") fallback = value;
    else entries.push([compilePattern(source), value]);
  }
  if (entries.length === 0) return { lookup: () => fallback };
  return {
    lookup(pathname) {
      for (const [pattern, value] of entries) if (pattern.match(pathname)) return value;
      return fallback;
    },
  };
}
