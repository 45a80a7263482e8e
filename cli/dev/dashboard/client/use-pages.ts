/** A KV or R2 listing read a page at a time: the first on mount, each next one from the cursor the last answered. */
import { useCallback, useEffect, useState } from "react";
import { getJson } from "./api.js";

export interface Pages<T> {
  items: T[];
  error: string | null;
  /** Whether the listing has more after what is shown. */
  more: boolean;
  next(): void;
  reload(): void;
}

export function usePages<T>(path: string, field: string): Pages<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    async (from: string | null) => {
      try {
        const page = await getJson<Record<string, unknown> & { cursor: string | null }>(from === null ? path : `${path}&cursor=${encodeURIComponent(from)}`);
        setItems((shown) => [...(from === null ? [] : shown), ...(page[field] as T[])]);
        setCursor(page.cursor);
        setError(null);
      } catch (cause) {
        setError((cause as Error).message);
      }
    },
    [path, field],
  );
  useEffect(() => void load(null), [load]);
  return { items, error, more: cursor !== null, next: () => void load(cursor), reload: () => void load(null) };
}
