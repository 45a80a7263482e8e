/**
 * The scheduled dispatch (runtime/jobs/scheduled.ts): every cron file exporting the event's
 * expression runs, a throwing one is logged with its file while the others still run, and the
 * handler gets the controller's fields with the env and waitUntil.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { defineScheduled, type ScheduledEvent } from "../../../runtime/index.ts";
import { createScheduled, type ScheduledOutcome } from "../../../runtime/jobs/scheduled.ts";

/** Runs `work` with console.error and console.warn recorded instead of printed. */
async function capturingLogs<T>(work: () => Promise<T>): Promise<{ result: T; logged: string[] }> {
  const logged: string[] = [];
  const { error, warn } = console;
  console.error = console.warn = (...args: unknown[]) => void logged.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" "));
  try {
    return { result: await work(), logged };
  } finally {
    Object.assign(console, { error, warn });
  }
}

const controller = (cron: string) => ({ cron, scheduledTime: 1_700_000_000_000, noRetry() {} });

test("every file exporting the expression runs, and only those", async () => {
  const ran: string[] = [];
  const scheduled = createScheduled([
    { file: "crons/a.ts", cron: "0 3 * * *", handler: defineScheduled(() => void ran.push("a")) },
    { file: "crons/b.ts", cron: "*/5 * * * *", handler: defineScheduled(() => void ran.push("b")) },
    { file: "crons/c.ts", cron: "0 3 * * *", handler: defineScheduled(async () => void ran.push("c")) },
  ]);
  const outcome = await scheduled(controller("0 3 * * *"));
  assert.equal(outcome, { cron: "0 3 * * *", ran: ["crons/a.ts", "crons/c.ts"], errors: [] });
  assert.equal(ran.sort(), ["a", "c"]);
});

test("the handler gets cron, scheduledTime, noRetry, the env and waitUntil; background work is awaited", async () => {
  let seen: ScheduledEvent | undefined;
  let retried = true;
  let background = "not yet";
  const scheduled = createScheduled([
    {
      file: "crons/a.ts",
      cron: "0 3 * * *",
      handler: defineScheduled((event) => {
        seen = event;
        event.noRetry();
        event.waitUntil(new Promise((resolve) => setTimeout(resolve, 20)).then(() => (background = "done")));
      }),
    },
  ]);
  await scheduled({ ...controller("0 3 * * *"), noRetry: () => (retried = false) }, { GREETING: "hi" });
  assert.is(seen?.cron, "0 3 * * *");
  assert.is(seen?.scheduledTime, 1_700_000_000_000);
  assert.equal(seen?.env, { GREETING: "hi" });
  assert.is(retried, false, "noRetry reaches the controller");
  assert.is(background, "done", "the dispatch resolves after the work passed to waitUntil");
});

test("with the platform's context, waitUntil goes to it", async () => {
  const handed: Promise<unknown>[] = [];
  const work = Promise.resolve("work");
  const scheduled = createScheduled([{ file: "crons/a.ts", cron: "* * * * *", handler: defineScheduled((event) => event.waitUntil(work)) }]);
  await scheduled(controller("* * * * *"), {}, { waitUntil: (promise) => void handed.push(promise) });
  assert.equal(handed, [work]);
});

test("a handler that throws is logged with its file, the others still run, and the run fails with the outcome", async () => {
  const ran: string[] = [];
  const scheduled = createScheduled([
    { file: "crons/a.ts", cron: "0 3 * * *", handler: defineScheduled(() => void ran.push("a")) },
    { file: "crons/broken.ts", cron: "0 3 * * *", handler: defineScheduled(() => { throw new Error("disk full"); }) },
    { file: "crons/c.ts", cron: "0 3 * * *", handler: defineScheduled(async () => void ran.push("c")) },
  ]);
  const { result, logged } = await capturingLogs(() => scheduled(controller("0 3 * * *")).then(() => null, (error: Error & { outcome?: ScheduledOutcome }) => error));
  assert.ok(result instanceof Error, "the run rejects, so the platform records it as failed");
  assert.match(result.message, /crons\/broken\.ts threw: disk full/);
  assert.equal(result.outcome, { cron: "0 3 * * *", ran: ["crons/a.ts", "crons/broken.ts", "crons/c.ts"], errors: [{ file: "crons/broken.ts", message: "disk full" }] });
  assert.equal(ran.sort(), ["a", "c"]);
  assert.equal(logged, ['[sdk] cron crons/broken.ts ("0 3 * * *") threw: disk full']);
});

test("an expression no file exports runs nothing and says so", async () => {
  let ran = false;
  const scheduled = createScheduled([{ file: "crons/a.ts", cron: "0 3 * * *", handler: defineScheduled(() => void (ran = true)) }]);
  const { result, logged } = await capturingLogs(() => scheduled(controller("0 4 * * *")));
  assert.equal(result, { cron: "0 4 * * *", ran: [], errors: [] });
  assert.is(ran, false);
  assert.equal(logged, ['[sdk] no cron file exports "0 4 * * *": nothing ran (the cron files export "0 3 * * *")']);
});

test("an event naming no expression says so and lists each known expression once", async () => {
  const scheduled = createScheduled([
    { file: "crons/a.ts", cron: "0 3 * * *", handler: defineScheduled(() => {}) },
    { file: "crons/b.ts", cron: "0 3 * * *", handler: defineScheduled(() => {}) },
    { file: "crons/c.ts", cron: "*/5 * * * *", handler: defineScheduled(() => {}) },
  ]);
  const { logged } = await capturingLogs(() => scheduled(controller("")));
  assert.equal(logged, ['[sdk] no cron expression was named: nothing ran (the cron files export "0 3 * * *", "*/5 * * * *")']);
});

test("a table entry that is not a defineScheduled() result is refused at once, naming the file", () => {
  assert.throws(
    () => createScheduled([{ file: "crons/plain.ts", cron: "0 3 * * *", handler: (() => {}) as never }]),
    (error: Error) => error.message.startsWith("crons/plain.ts: the default export is not a defineScheduled() result"),
  );
});

test.run();
