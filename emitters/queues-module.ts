/**
 * The app's queues as the edge sees them: the generated `queues.ts` (each deployed queue name
 * mapped to its file's handler), the worker entry's `queue` export and wrangler.json's `queues`
 * section. Emitted only for apps with `queues/`, so others carry none of it.
 */
import type { AppIR, QueueBatchSettings } from "../compiler/ir.js";
import { deployedQueueName, queueBindingName } from "../runtime/queue/names.js";
import type { SourceLink } from "./source-link.js";
import { renderTemplate } from "./template.js";

export interface AppQueue {
  file: string;
  /** The file name: what `queue("...")` and the handler's `batch.queue` say. */
  queue: string;
  /** The producer binding `sdk/queue` sends through. */
  binding: string;
  /** The name on the platform, where queue names are per account. */
  deployedAs: string;
  batch: QueueBatchSettings;
}

export function appQueues(ir: Pick<AppIR, "jobs">, workerName: string): AppQueue[] {
  return ir.jobs.queues.map(({ file, queue, batch }) => ({ file, queue, batch, binding: queueBindingName(queue), deployedAs: deployedQueueName(workerName, queue) }));
}

export function emitQueuesModule(queues: readonly AppQueue[], link: SourceLink): string {
  const imports = queues.map(({ file }, i) => `import queue${i} from ${JSON.stringify(`${link.projectRootFromGenerated}/${file}`)};`);
  const entries = queues.map(
    ({ file, queue, deployedAs }, i) => `  { file: ${JSON.stringify(file)}, queue: ${JSON.stringify(queue)}, deployedAs: ${JSON.stringify(deployedAs)}, handler: queue${i} },`,
  );
  return renderTemplate("queues.ts.tpl", { imports: imports.join("\n"), queues: `\n${entries.join("\n")}\n` });
}

/** The worker entry's slots: the `queue` export, in apps with queues only. */
export function workerQueueSlots(hasQueues: boolean): { queuesImport: string; queue: string } {
  return hasQueues ? { queuesImport: '\nimport { queue } from "./queues";', queue: ", queue" } : { queuesImport: "", queue: "" };
}

/** wrangler.json's `queues`: a producer binding and a consumer for each file. */
export function wranglerQueues(queues: readonly AppQueue[]): Record<string, unknown> {
  return {
    producers: queues.map(({ binding, deployedAs }) => ({ binding, queue: deployedAs })),
    consumers: queues.map(({ deployedAs, batch }) => ({
      queue: deployedAs,
      ...(batch.maxSize !== undefined && { max_batch_size: batch.maxSize }),
      ...(batch.maxWaitSeconds !== undefined && { max_batch_timeout: batch.maxWaitSeconds }),
      ...(batch.maxRetries !== undefined && { max_retries: batch.maxRetries }),
      ...(batch.retryDelaySeconds !== undefined && { retry_delay: batch.retryDelaySeconds }),
    })),
  };
}
