/** The ISR specs' harness: an ISR instance on a real memory store, and renders that count their calls. */
import { createIsr, type Render } from "../../runtime/isr/isr.ts";
import { createMemoryStore } from "../../runtime/isr/memory-store.ts";
import { CACHE_STATUS_HEADER } from "../../runtime/isr/responses.ts";
import type { IsrStore } from "../../runtime/isr/store.ts";

export const ORIGIN = "https://app.example";

export interface HarnessOptions {
  readonly ttl?: number;
  readonly allowlist?: readonly string[];
  readonly store?: IsrStore;
}

/** An ISR instance on a real memory store, a hand-driven clock and collected background work. */
export function harness({ ttl = 10, allowlist = [], store = createMemoryStore() }: HarnessOptions = {}) {
  let clock = 1_700_000_000_000;
  const background: Promise<unknown>[] = [];
  const isr = createIsr({
    ttlFor: (pathname) => (pathname.startsWith("/live") ? undefined : ttl),
    allowlistFor: () => allowlist,
    store,
    waitUntil: (promise) => background.push(promise),
    now: () => clock,
  });
  return {
    fetch: (path: string, render: Render, init?: RequestInit, origin = ORIGIN) => isr(new Request(origin + path, init), render),
    advance(seconds: number) {
      clock += seconds * 1000;
    },
    async settle() {
      while (background.length > 0) await Promise.all(background.splice(0));
    },
    get backgroundTasks() {
      return background.length;
    },
  };
}

/** A render that counts its calls and names them in the body. */
export function counter(init: ResponseInit = {}) {
  const calls: Request[] = [];
  const render: Render = async (request) => {
    calls.push(request);
    return new Response(`render ${calls.length} ${new URL(request.url).search}`, init);
  };
  return { render, calls };
}

export async function read(response: Response) {
  return { status: response.status, cache: response.headers.get(CACHE_STATUS_HEADER), body: await response.text() };
}

