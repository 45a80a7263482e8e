/**
 * What a streamed render may stop on that the log has already heard of, or need not: a library
 * that reports what a render stopped on (React's `onError`) logs neither twice nor for nothing.
 */

/**
 * Why a streamed render stops early: its client went away, or the page's time ran out (which the
 * document logs where it decides it). Neither is an error of the page's.
 */
export const RENDER_CANCELLED = new Error("the streamed render was cancelled");

/**
 * What a streamed prop that failed rejects with, in the page's render: the failure itself was
 * logged as it happened, naming its page and prop, and this carries only the message the browser gets.
 */
export class StreamedPropError extends Error {}

/** React's `onError` for a streamed render: what the page threw is logged, as React's own default does; the rest is not. */
export function logRenderError(error: unknown): void {
  if (error !== RENDER_CANCELLED && !(error instanceof StreamedPropError)) console.error(error);
}
