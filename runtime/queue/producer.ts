/**
 * Sending to a queue of the app's `queues/` through its producer binding (Cloudflare's `Queue`).
 * Bodies travel as structured clones: any value `structuredClone` copies, not only JSON.
 */
import { bindingOf } from "../platform/binding.js";
import { queueBindingName } from "./names.js";

export interface QueueSendOptions {
  /** Held back this many seconds before it is delivered (0 to 43200). */
  delaySeconds?: number;
}

export interface QueueBatchEntry<Body> {
  body: Body;
  delaySeconds?: number;
}

/** The producer binding wrangler.json's `queues.producers` gives the worker. */
export interface QueueBinding {
  send(body: unknown, options?: QueueSendOptions): Promise<unknown>;
  sendBatch(messages: Iterable<QueueBatchEntry<unknown>>, options?: QueueSendOptions): Promise<unknown>;
}

export interface Queue<Body = unknown> {
  send(body: Body, options?: QueueSendOptions): Promise<void>;
  sendBatch(messages: readonly QueueBatchEntry<Body>[], options?: QueueSendOptions): Promise<void>;
}

export function createQueueProducer(env: () => unknown): <Body = unknown>(name: string) => Queue<Body> {
  return <Body>(name: string): Queue<Body> => {
    const binding = () => bindingOf<QueueBinding>(env(), queueBindingName(name), { module: "sdk/queue", kind: `queue producer for "${name}"`, declaredIn: "queues.producers" });
    return {
      async send(body, options) {
        await binding().send(body, options);
      },
      async sendBatch(messages, options) {
        await binding().sendBatch(messages, options);
      },
    };
  };
}
