/**
 * Queues run on the platform's queue service, which only the edge target has; and a message sent
 * with `queue("<name>")` needs a file in `queues/` to consume it, or it is never delivered.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

export function validateQueues(ir: AppIR): Diagnostic[] {
  return [...queuesOffEdge(ir), ...sendsWithoutConsumer(ir)];
}

function queuesOffEdge(ir: AppIR): Diagnostic[] {
  if (ir.target === "edge") return [];
  return ir.jobs.queues.map(({ file, queue }) =>
    error("SDK_QUEUE_EDGE_ONLY", `Queue "${queue}" needs the edge target's queue service, and this build targets ${ir.target}.`, {
      file,
      line: 1,
      column: 1,
      hint: 'Build with target "edge" (sdk.config.ts `target` or --target edge); on node, bun or deno run the work in the request or in a cron.',
    }),
  );
}

function sendsWithoutConsumer(ir: AppIR): Diagnostic[] {
  const consumed = new Set(ir.jobs.queues.map(({ queue }) => queue));
  return ir.queueSends
    .filter(({ queue }) => !consumed.has(queue))
    .map(({ file, line, column, queue }) =>
      error("SDK_QUEUE_UNKNOWN", `queue(${JSON.stringify(queue)}) sends to a queue no file in queues/ consumes, so its messages would never be delivered.`, {
        file,
        line,
        column,
        hint:
          consumed.size > 0
            ? `Send to one of ${[...consumed].map((name) => JSON.stringify(name)).join(", ")}, or add queues/${queue}.ts with \`export default defineQueue(...)\`.`
            : `Add queues/${queue}.ts with \`export default defineQueue(...)\`.`,
      }),
    );
}
