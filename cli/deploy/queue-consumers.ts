/**
 * Each queue the worker consumes gets it as its consumer, once the worker is live (the platform
 * needs the script to exist), with every setting of `queues.consumers[]`: as wrangler's
 * `updateQueueConsumers` does, an existing consumer of this worker (matched on the `script` or
 * `service` the queue list answers) is updated in place, and a missing one is created.
 */
import type { PlatformApi } from "../platform/api.js";
import { addQueueConsumer, consumerWorker, findQueue, updateQueueConsumer, type QueueConsumer } from "../platform/resources.js";

type Json = Record<string, unknown>;

const number = (value: unknown) => (value === undefined ? undefined : Number(value));

/** The create/update body for one `queues.consumers[]` entry of wrangler.json. */
function consumerBody(workerName: string, consumer: Json): QueueConsumer {
  const settings = {
    batch_size: number(consumer.max_batch_size),
    max_retries: number(consumer.max_retries),
    // The config counts seconds, the API milliseconds.
    max_wait_time_ms: consumer.max_batch_timeout === undefined ? undefined : Number(consumer.max_batch_timeout) * 1000,
    max_concurrency: number(consumer.max_concurrency),
    retry_delay: number(consumer.retry_delay),
  };
  return {
    script_name: workerName,
    settings: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
    ...(typeof consumer.dead_letter_queue === "string" && { dead_letter_queue: consumer.dead_letter_queue }),
  };
}

/** Answers the queues whose consumer was created or updated. */
export async function connectQueueConsumers(api: PlatformApi, accountId: string, workerName: string, wrangler: Json): Promise<string[]> {
  const consumers = ((wrangler.queues as Json | undefined)?.consumers as Json[] | undefined) ?? [];
  const connected: string[] = [];
  for (const consumer of consumers) {
    const queue = await findQueue(api, accountId, String(consumer.queue));
    if (!queue) continue;
    const body = consumerBody(workerName, consumer);
    const existing = (queue.consumers ?? []).find((candidate) => (candidate.type ?? "worker") === "worker" && consumerWorker(candidate) === workerName);
    if (existing?.consumer_id) await updateQueueConsumer(api, accountId, queue.queue_id, existing.consumer_id, body);
    else await addQueueConsumer(api, accountId, queue.queue_id, body);
    connected.push(queue.queue_name);
  }
  return connected;
}
