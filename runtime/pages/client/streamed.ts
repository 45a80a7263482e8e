/**
 * Streamed props in the browser: the page receives each as a promise again, settled with the
 * outcome the server sent (in the navigation JSON's `settled`, or on the first load in the
 * document after the payload), so the same component code (`use()`, `await`, a resource,
 * `{#await}`) runs on both sides. The client entry is a module script, which runs once the whole
 * document has arrived, so every outcome is there by then; one missing (a cut connection) fails.
 */
import { DEFERRED_ID } from "../constants.js";
import type { PagePayload, Settled } from "../types.js";

export default function withStreamedProps(payload: PagePayload): PagePayload {
  const { deferred, settled } = payload;
  if (!deferred) return payload;
  const props: Record<string, unknown> = { ...(payload.props as object) };
  for (const key of deferred) {
    const text = settled ? "" : document.getElementById(DEFERRED_ID + key)?.textContent;
    const outcome: Settled = settled?.[key] ?? (text ? JSON.parse(text) : { error: "The page's stream ended early" });
    const fulfilled = "value" in outcome;
    const reason = fulfilled ? undefined : new Error(outcome.error);
    const promise = fulfilled ? Promise.resolve(outcome.value) : Promise.reject(reason);
    // A page that never reads a failed prop must not leave an unhandled rejection behind.
    promise.catch(() => undefined);
    // React's use() reads these fields and renders a settled promise's outcome at once instead
    // of suspending, so hydration shows what the server sent.
    props[key] = Object.assign(promise, fulfilled ? { status: "fulfilled", value: outcome.value } : { status: "rejected", reason });
  }
  return { ...payload, props };
}
