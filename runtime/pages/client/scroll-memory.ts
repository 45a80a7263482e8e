/**
 * Where each history entry was scrolled to when the reader left it, so back and forward land
 * where they were. Entries are told apart by a key the router keeps in `history.state`; the
 * positions live here rather than in each entry's state because, by the time `popstate` fires,
 * the entry being left can no longer be written to. They are kept in sessionStorage when the
 * page is hidden so a reload, or coming back from another site, still finds them.
 */

const STORAGE_KEY = "sdk-scroll";

type SessionStorage = Pick<Storage, "getItem" | "setItem">;

export interface ScrollMemory {
  save(entry: string, y: number): void;
  get(entry: string): number | undefined;
  /** Writes the positions to sessionStorage; called on `pagehide`. */
  persist(): void;
}

/**
 * `storage` is a function because reading `window.sessionStorage` itself throws where storage is
 * blocked; positions then last as long as the page does.
 */
export function createScrollMemory(storage: () => SessionStorage): ScrollMemory {
  let positions: Record<string, number> = {};
  try {
    positions = JSON.parse(storage().getItem(STORAGE_KEY) ?? "{}");
  } catch {}
  return {
    save: (entry, y) => {
      positions[entry] = y;
    },
    get: (entry) => positions[entry],
    persist: () => {
      try {
        storage().setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {}
    },
  };
}

/** The key of the history entry whose state is `state`, if the router gave it one. */
export function entryKey(state: unknown): string | undefined {
  const key = (state as { sdk?: unknown } | null)?.sdk;
  return typeof key === "string" ? key : undefined;
}

/** The state the router stores in a history entry. */
export function entryState(key: string): { sdk: string } {
  return { sdk: key };
}

export function newEntryKey(): string {
  return Math.random().toString(36).slice(2);
}
