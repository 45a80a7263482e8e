/**
 * Firing a scheduled event in dev, as the platform would. On node, bun and deno the generated
 * `crons.ts` runs in this process through Vite's module runner, with `process.env` as its env. On
 * the edge the worker runs in workerd, and Cloudflare's Vite plugin already forwards
 * `/cdn-cgi/handler/scheduled` to its `scheduled` export; workerd answers only "ok" or
 * "exception", and prints a handler's error in the dev server's output.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { DeclaredCron } from "../../emitters/crons-module.js";
import type { ScheduledDispatch, ScheduledOutcome } from "../../runtime/jobs/scheduled.js";
import type { AppLoader } from "./app-loader.js";
import type { ScheduledReport } from "./sdk-endpoints.js";

export type FireScheduled = (cron: string, request: IncomingMessage) => Promise<ScheduledReport>;

const CRONS_MODULE = "crons.ts";
const WORKERD_SCHEDULED = "/cdn-cgi/handler/scheduled";

/** `loader`: the app loader, made once the dev server is. */
export function fireInModuleRunner(loader: () => AppLoader): FireScheduled {
  return async (cron) => {
    let scheduled: ScheduledDispatch;
    try {
      scheduled = (await loader().load(CRONS_MODULE)).scheduled as ScheduledDispatch;
    } catch (error) {
      return { cron, ran: [], outcome: "exception", errors: [{ message: `${CRONS_MODULE} did not load: ${(error as Error).message}` }] };
    }
    try {
      const outcome = await scheduled({ cron, scheduledTime: Date.now(), noRetry() {} }, process.env);
      return { cron, ran: [...outcome.ran], outcome: "ok" };
    } catch (error) {
      // The dispatch rejects with its outcome when a handler threw (runtime/jobs/scheduled.ts).
      const outcome = (error as { outcome?: ScheduledOutcome }).outcome;
      if (!outcome) return { cron, ran: [], outcome: "exception", errors: [{ message: String((error as Error).message ?? error) }] };
      return { cron, ran: [...outcome.ran], outcome: "exception", errors: [...outcome.errors] };
    }
  };
}

/** `crons`: the app's crons as last read, which say what ran (workerd does not). */
export function fireInWorkerd(crons: () => DeclaredCron[]): FireScheduled {
  return async (cron, request) => {
    // The same server that took this loopback request: its local address is loopback too.
    const { localAddress = "127.0.0.1", localPort } = request.socket;
    const host = isIP(localAddress) === 6 ? `[${localAddress}]` : localAddress;
    const response = await fetch(`http://${host}:${localPort}${WORKERD_SCHEDULED}?cron=${encodeURIComponent(cron)}`);
    const answer = (await response.text()).trim();
    const ran = crons().filter((declared) => declared.cron === cron).map((declared) => declared.file);
    if (response.ok && answer === "ok") return { cron, ran, outcome: "ok" };
    const message = answer === "exception" ? "a handler threw: workerd printed its error in the sdk dev output" : `workerd answered ${response.status}: ${answer}`;
    return { cron, ran, outcome: "exception", errors: [{ message }] };
  };
}
