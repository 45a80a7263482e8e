/**
 * Scheduled events for the app's `crons/`. One event names a cron expression; every cron file
 * that exports that expression runs (several may share one), each on its own: a handler that
 * throws is logged with its file and the others still run. The same dispatch serves the edge
 * worker's `scheduled` export, `sdk dev`'s trigger and any scheduler a server target runs.
 */
import type { Scheduled, ScheduledEvent } from "../index.js";

export interface CronDefinition {
  /** The cron file, relative to the project root, for logs and reports. */
  readonly file: string;
  /** The expression the file exports. */
  readonly cron: string;
  /** The file's default export, a `defineScheduled()` result. */
  readonly handler: Scheduled;
}

/** What the platform hands a worker's `scheduled` export (Cloudflare's ScheduledController). */
export interface ScheduledController {
  readonly cron: string;
  readonly scheduledTime: number;
  noRetry(): void;
}

export interface ScheduledContext {
  waitUntil(promise: Promise<unknown>): void;
}

export interface ScheduledFailure {
  readonly file: string;
  readonly message: string;
}

export interface ScheduledOutcome {
  readonly cron: string;
  /** The files whose handlers ran, in file order. */
  readonly ran: readonly string[];
  readonly errors: readonly ScheduledFailure[];
}

/**
 * Runs the handlers for `controller.cron` and resolves once they and the work they passed to
 * `waitUntil` have finished. Without a `ctx` (node, bun, deno) that work is awaited here; with one
 * (the edge) it is handed to the platform's. Rejects when a handler threw, with the outcome as
 * the error's `outcome`, so the platform records the run as failed.
 */
export type ScheduledDispatch = (controller: ScheduledController, env?: Record<string, unknown>, ctx?: ScheduledContext) => Promise<ScheduledOutcome>;

export class ScheduledRunFailed extends Error {
  readonly outcome: ScheduledOutcome;
  constructor(outcome: ScheduledOutcome) {
    super(`cron "${outcome.cron}": ${outcome.errors.map((failure) => `${failure.file} threw: ${failure.message}`).join("; ")}`);
    this.name = "ScheduledRunFailed";
    this.outcome = outcome;
  }
}

export function createScheduled(crons: readonly CronDefinition[]): ScheduledDispatch {
  for (const { file, handler } of crons) assertScheduled(file, handler);
  return async (controller, env = {}, ctx) => {
    const due = crons.filter((definition) => definition.cron === controller.cron);
    if (due.length === 0) console.warn(nothingDue(controller.cron, crons));
    const background: Promise<unknown>[] = [];
    const event: ScheduledEvent = {
      cron: controller.cron,
      scheduledTime: controller.scheduledTime,
      noRetry: () => controller.noRetry(),
      env,
      waitUntil(promise) {
        if (ctx) ctx.waitUntil(promise);
        else background.push(promise);
      },
    };
    const settled = await Promise.allSettled(due.map(async ({ handler }) => handler.fn(event)));
    const errors: ScheduledFailure[] = [];
    settled.forEach((result, index) => {
      if (result.status === "fulfilled") return;
      const { file } = due[index]!;
      console.error(`[sdk] cron ${file} ("${controller.cron}") threw:`, result.reason);
      errors.push({ file, message: result.reason instanceof Error ? result.reason.message : String(result.reason) });
    });
    await waitForBackground(background, controller.cron);
    const outcome: ScheduledOutcome = { cron: controller.cron, ran: due.map(({ file }) => file), errors };
    if (errors.length > 0) throw new ScheduledRunFailed(outcome);
    return outcome;
  };
}

/** Names the expressions that do run, so a mistyped or unencoded `?cron=` is seen at once. */
function nothingDue(cron: string, crons: readonly CronDefinition[]): string {
  const known = [...new Set(crons.map((definition) => JSON.stringify(definition.cron)))].join(", ");
  const what = cron ? `no cron file exports ${JSON.stringify(cron)}` : "no cron expression was named";
  return `[sdk] ${what}: nothing ran (${known ? `the cron files export ${known}` : "there are no cron files"})`;
}

/** Work a handler left running: awaited, and a failure logged, as the edge's waitUntil does. */
async function waitForBackground(background: Promise<unknown>[], cron: string): Promise<void> {
  for (const result of await Promise.allSettled(background)) {
    if (result.status === "rejected") console.error(`[sdk] work a cron handler passed to waitUntil ("${cron}") failed:`, result.reason);
  }
}

/** The compiler reports these too; this guards hand-written or ejected tables. */
function assertScheduled(file: string, handler: unknown): void {
  const candidate = handler as { kind?: unknown; fn?: unknown } | null | undefined;
  if (typeof candidate === "object" && candidate !== null && candidate.kind === "scheduled" && typeof candidate.fn === "function") return;
  throw new TypeError(`${file}: the default export is not a defineScheduled() result. Wrap it: export default defineScheduled(...)`);
}
