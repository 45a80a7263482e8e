/** A tab's data: loaded on mount, reloaded on demand or every `everyMs`. */
import { useCallback, useEffect, useState } from "react";
import { getJson } from "./api.js";

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload(): void;
}

export function useApi<T>(path: string | null, everyMs?: number): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    getJson<T>(path).then(
      (value) => live && (setData(value), setError(null)),
      (cause: Error) => live && setError(cause.message),
    );
    return () => {
      live = false;
    };
  }, [path, tick]);
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(reload, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, reload]);
  return { data, error, reload };
}
