/**
 * A deadline on a Redis command that covers its reply. node-redis's own `timeout` command option
 * stops counting once the command is written to the socket (@redis/client 6.3.1,
 * dist/lib/client/commands-queue.js, `commandsToWrite()`: "if (toSend.timeout) {
 * #removeTimeoutListener(toSend) }" before the command joins `#waitingForReply`), and a stalled
 * server's kernel still takes the bytes, so that option alone lets a command wait for ever.
 */

/** The server took too long: the connection it was sent on is no longer trusted. */
export class RedisNoReply extends Error {
  constructor(ms: number) {
    super(`no reply within ${ms} ms`);
    this.name = "RedisNoReply";
  }
}

/** `work`'s outcome, or a `RedisNoReply` after `ms`; the timer is cleared either way, so nothing outlives it. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisNoReply(ms)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
