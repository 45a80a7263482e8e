/**
 * `sdk/queue`: `queue("emails").send(body)` puts a message on the queue `queues/emails.ts`
 * consumes, through the worker's `QUEUE_EMAILS` binding. Edge only; the build checks that every
 * `queue("...")` names a file in `queues/`.
 */
import { env } from "cloudflare:workers";
import { createQueueProducer } from "./producer.js";

export type { Queue, QueueBatchEntry, QueueSendOptions } from "./producer.js";

export const queue = createQueueProducer(() => env);
