/**
 * Crons on the node, bun and deno servers: each expression runs in this process on its schedule,
 * in UTC, through croner, and each tick hands the dispatch the controller the edge platform would
 * (`cron`, `scheduledTime`, `noRetry`). Given a lock shared with other instances, a tick runs only
 * in the instance that takes it (./cron-lock.ts). Only the generated server entry of an app with `crons/`
 * imports this module, so other apps carry no scheduler.
 */
import { Cron } from "croner";
import type { ServerJobs } from "../server.js";
import type { CronLock } from "./cron-lock.js";
import { cronerPattern } from "./croner-pattern.js";
import { parseCron } from "./cron-syntax.js";
import { reasonOf } from "../redis/outage-log.js";
import { ScheduledRunFailed, type ScheduledDispatch } from "./scheduled.js";

const MINUTE_MS = 60_000;
/** Cloudflare's schedules: in UTC, at second 0 of each matching minute. */
export const CRONER_OPTIONS = { timezone: "UTC", mode: "5-part" } as const;

/** What the scheduler takes from the state several instances share: the cron lock. */
export interface JobsShared {
  readonly cronLock?: CronLock;
}

export function scheduleCrons(dispatch: ScheduledDispatch, expressions: readonly string[]): ServerJobs<JobsShared> {
  const patterns = expressions.map((cron) => ({ cron, pattern: patternOf(cron) }));
  const jobs: Cron[] = [];
  const running = new Set<Promise<void>>();
  return {
    start(env, shared) {
      for (const { cron, pattern } of patterns) {
        // unref: the timers never keep the process alive on their own; the server does.
        const job = new Cron(pattern, { ...CRONER_OPTIONS, unref: true }, () => {
          const run = tick(dispatch, cron, env, shared?.cronLock).finally(() => running.delete(run));
          running.add(run);
        });
        jobs.push(job);
      }
      console.log(`Crons (UTC): ${jobs.map((job, i) => `"${patterns[i]!.cron}" next at ${job.nextRun()?.toISOString() ?? "never"}`).join(", ")}`);
    },
    async stop() {
      for (const job of jobs.splice(0)) job.stop();
      await Promise.all(running);
    },
  };
}

/** The compiler refuses a bad expression; this guards hand-written or ejected entries. */
function patternOf(cron: string): string {
  const parsed = parseCron(cron);
  if (!parsed.ok) throw new TypeError(`cron "${cron}": ${parsed.problem.message} ${parsed.problem.hint}`);
  return cronerPattern(parsed.schedule);
}

async function tick(dispatch: ScheduledDispatch, cron: string, env: Record<string, unknown>, lock: CronLock | undefined): Promise<void> {
  // Cloudflare's scheduledTime is the minute the run was due, not when the timer woke.
  const scheduledTime = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  if (lock && !(await wins(lock, cron, scheduledTime))) return;
  try {
    // A server never retries a run, so there is no retry to turn off.
    await dispatch({ cron, scheduledTime, noRetry() {} }, env);
  } catch (error) {
    // The dispatch has logged each handler that threw, with its file.
    if (!(error instanceof ScheduledRunFailed)) console.error(`[sdk] cron "${cron}" failed:`, error);
  }
}

/**
 * Whether this instance runs the tick. Another instance taking it is the normal case, worth a
 * debug line only; a lock that cannot be asked for skips the run, since a job run twice does
 * more harm than a job run late.
 */
async function wins(lock: CronLock, cron: string, scheduledTime: number): Promise<boolean> {
  const due = new Date(scheduledTime).toISOString();
  try {
    const won = await lock.claim(cron, scheduledTime);
    if (!won) console.debug(`[sdk] cron "${cron}" due at ${due}: another instance runs it`);
    return won;
  } catch (error) {
    console.error(`[sdk] cron "${cron}" due at ${due} skipped: its lock at Redis ${lock.address} could not be taken (${reasonOf(error)}).`);
    return false;
  }
}
