/**
 * How long `connect()` waits before its next attempt: exponential backoff with jitter, so clients
 * a server restart disconnected all at once do not all come back at once.
 */

export interface ReconnectOptions {
  /** The wait before the first attempt after a lost connection; default 500 ms. */
  initialDelayMs?: number;
  /** The longest wait, however many attempts failed; default 30 s. */
  maxDelayMs?: number;
  /** Attempts without an open connection in between before giving up; default: never give up. */
  maxAttempts?: number;
}

export const RECONNECT_DEFAULTS: Required<ReconnectOptions> = { initialDelayMs: 500, maxDelayMs: 30_000, maxAttempts: Infinity };

/**
 * The wait before attempt `attempt` (0 for the first after a loss): the delay doubles each time
 * up to the maximum, and a random half of it is taken off ("equal jitter"), so the wait stays
 * between half and all of the backoff. `random` is in [0, 1).
 */
export function reconnectDelay(attempt: number, options: Required<ReconnectOptions>, random: number): number {
  const backoff = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** attempt);
  return Math.round(backoff / 2 + (backoff / 2) * random);
}
