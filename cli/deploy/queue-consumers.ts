/** Each queue the worker consumes gets it as its consumer, once the worker is live (the platform needs the script to exist). */
import type { PlatformApi } from "../platform/api.js";
import { addQueueConsumer, findQueue, listQueueConsumers } from "../platform/resources.js";

type Json = Record<string, unknown>;

export async function connectQueueConsumers(api: PlatformApi, accountId: string, workerName: string, wrangler: Json): Promise<string[]> {
  const consumers = ((wrangler.queues as Json | undefined)?.consumers as Json[] | undefined) ?? [];
  const connected: string[] = [];
  for (const consumer of consumers) {
    const queue = await findQueue(api, accountId, String(consumer.queue));
    if (!queue) continue;
    if ((await listQueueConsumers(api, accountId, queue.queue_id)).some((existing) => existing.script_name === workerName)) continue;
    await addQueueConsumer(api, accountId, queue.queue_id, {
      script_name: workerName,
      settings: {
        ...(consumer.max_batch_size !== undefined && { batch_size: Number(consumer.max_batch_size) }),
        ...(consumer.max_retries !== undefined && { max_retries: Number(consumer.max_retries) }),
        ...(consumer.max_batch_timeout !== undefined && { max_wait_time_ms: Number(consumer.max_batch_timeout) * 1000 }),
      },
    });
    connected.push(queue.queue_name);
  }
  return connected;
}
