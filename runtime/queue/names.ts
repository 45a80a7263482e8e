/**
 * Queue names and the bindings they are reached through, shared by the compiler (which checks the
 * file names and writes wrangler.json) and `sdk/queue` (which finds the binding at run time).
 */

/** What Cloudflare accepts in a queue name, less the prefix the worker's name adds. */
export const QUEUE_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Cloudflare's longest queue name is 63 characters; the deployed name adds the worker's. */
export const QUEUE_NAME_MAX_LENGTH = 63;

/** `emails` -> `QUEUE_EMAILS`, `order-events` -> `QUEUE_ORDER_EVENTS`. */
export function queueBindingName(queue: string): string {
  return `QUEUE_${queue.toUpperCase().replace(/-/g, "_")}`;
}

/** The platform's queue names are per account, so each app's carry its worker's name first. */
export function deployedQueueName(workerName: string, queue: string): string {
  return `${workerName}-${queue}`;
}
