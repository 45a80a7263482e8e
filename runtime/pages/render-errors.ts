/**
 * What a render reports through a library's error hook (React's `onError`), and what of it
 * reaches the log: only what no other place logs, once, with the page's name.
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

/**
 * A render's error hook, streamed or waited on to its end. What the shell threw rejects the
 * render, and the page answers with its error page, logged there; what a Suspense boundary threw
 * is left for the browser to render, and logged here, naming the page. Which of the two an error
 * was is known only once the shell is ready or has failed, so errors wait until then.
 */
export class RenderErrors {
  #early: unknown[] | undefined = [];

  constructor(private readonly page: string) {}

  readonly onError = (error: unknown): void => {
    if (error === RENDER_CANCELLED || error instanceof StreamedPropError) return;
    if (this.#early) this.#early.push(error);
    else this.#log(error);
  };

  /** The shell rendered: what was reported until then came from boundaries. */
  shellReady(): void {
    const early = this.#early ?? [];
    this.#early = undefined;
    for (const error of early) this.#log(error);
  }

  #log(error: unknown): void {
    console.error(`[sdk] ${this.page}: a Suspense boundary threw while the page rendered on the server; the browser renders it instead:`, error);
  }
}
