/**
 * The worker in {{mainFile}} runs its `scheduled` handler for this expression, as the wrangler
 * config's `triggers.crons` had it: sdk wrote this file when it took the project over. The env
 * is the worker's bindings on the edge and the process's environment on node, bun and deno.
 */
import { defineScheduled } from "sdk";
import worker from "{{importPath}}";

/** The worker as the platform calls it; the types of its env and ctx are its own. */
const platformWorker = worker as unknown as { scheduled(controller: unknown, env: unknown, ctx: unknown): unknown };

export const cron = {{cron}};

export default defineScheduled(async (event) => {
  const controller = { cron: event.cron, scheduledTime: event.scheduledTime, type: "scheduled", noRetry: () => event.noRetry() };
  await platformWorker.scheduled(controller, event.env, { waitUntil: (work: Promise<unknown>) => event.waitUntil(work), passThroughOnException: () => {}, props: {} });
});
