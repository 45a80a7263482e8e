/**
 * Streamed props in the browser: the page receives each as a promise again, settled with the
 * outcome the server sent (in the document after the payload, or in the navigation JSON), so the
 * same component code (`use()`, `await`, a resource, `{#await}`) runs on both sides.
 */
import { DEFERRED_ID } from "../constants.js";
import type { PagePayload, Settled } from "../types.js";

/** The first page's payload with the outcomes its document streamed after it. */
export function withSettledFromDocument(payload: PagePayload, doc: Document): PagePayload {
  if (!payload.deferred) return payload;
  const settled: Record<string, Settled> = { ...payload.settled };
  for (const key of payload.deferred) {
    const text = doc.getElementById(DEFERRED_ID + key)?.textContent;
    settled[key] ??= text ? (JSON.parse(text) as Settled) : { error: "The page's stream ended early" };
  }
  return { ...payload, settled };
}

/** The payload with each streamed prop as a promise settled with its outcome. */
export function withStreamedProps(payload: PagePayload): PagePayload {
  if (!payload.deferred) return payload;
  const props: Record<string, unknown> = { ...(payload.props as object) };
  for (const key of payload.deferred) props[key] = settledPromise(payload.settled?.[key] ?? { error: "No outcome arrived" });
  return { ...payload, props };
}

function settledPromise(outcome: Settled): Promise<unknown> {
  const fulfilled = "value" in outcome;
  const reason = fulfilled ? undefined : new Error(outcome.error);
  const promise = fulfilled ? Promise.resolve(outcome.value) : Promise.reject(reason);
  // A page that never reads a failed prop must not leave an unhandled rejection behind.
  promise.catch(() => undefined);
  // React's use() reads these fields and renders a settled promise's outcome at once instead of
  // suspending, so hydration shows what the server sent.
  return Object.assign(promise, fulfilled ? { status: "fulfilled", value: outcome.value } : { status: "rejected", reason });
}
