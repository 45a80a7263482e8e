/**
 * Crons in the shared server core (runtime/server.ts): the jobs start once the server listens,
 * with the runtime's environment, and a shutdown signal stops them with the server: the process
 * exits only after the runs under way and the in-flight requests have both finished.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { scheduleCrons } from "../../runtime/jobs/scheduler.ts";
import { runServer, type RuntimeBindings, type ServerJobs, type ShutdownSignal } from "../../runtime/server.ts";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function fakeRuntime(closing: Promise<void>) {
  const listeners = new Map<ShutdownSignal, () => void>();
  const exits: number[] = [];
  const runtime: RuntimeBindings = {
    env: () => undefined,
    environment: () => ({ GREETING: "hi" }),
    readFile: async () => "",
    listen: async () => ({ port: 1234, close: () => closing }),
    onSignal: (signal, listener) => void listeners.set(signal, listener),
    exit: (code) => void exits.push(code),
  };
  return { runtime, exits, send: (signal: ShutdownSignal) => listeners.get(signal)?.() };
}

test("jobs start after listening, with the environment, and SIGTERM waits for them and the requests", async () => {
  const requests = deferred();
  const runs = deferred();
  const calls: string[] = [];
  const jobs: ServerJobs = {
    start: (env) => void calls.push(`start ${JSON.stringify(env)}`),
    stop: () => (calls.push("stop"), runs.promise),
  };
  const { runtime, exits, send } = fakeRuntime(requests.promise);
  const log = console.log;
  console.log = () => {};
  try {
    runServer({ fetch: () => new Response() }, { assets: {}, clientDir: new URL("file:///srv/client/"), jobs }, runtime);
    await settle();
  } finally {
    console.log = log;
  }
  assert.equal(calls, ['start {"GREETING":"hi"}']);

  send("SIGTERM");
  assert.equal(calls, ['start {"GREETING":"hi"}', "stop"]);
  requests.resolve();
  await settle();
  assert.equal(exits, [], "a cron run is still under way");
  runs.resolve();
  await settle();
  assert.equal(exits, [0]);
});

test("the scheduler refuses an expression outside Cloudflare's syntax in a hand-written table", () => {
  const dispatch = async () => ({ cron: "", ran: [], errors: [] });
  assert.throws(() => scheduleCrons(dispatch, ["0 17 * * 0"]), /cron "0 17 \* \* 0": day of week 0 is out of range 1-7/);
});

test("the scheduler logs each expression's next run in UTC, and stops with no run under way at once", async () => {
  const ran: string[] = [];
  const jobs = scheduleCrons(async (controller) => (ran.push(controller.cron), { cron: controller.cron, ran: [], errors: [] }), ["* * * * *"]);
  const log = console.log;
  const logged: string[] = [];
  console.log = (line: string) => void logged.push(line);
  try {
    jobs.start({});
  } finally {
    console.log = log;
  }
  assert.match(logged.join("\n"), /^Crons \(UTC\): "\* \* \* \* \*" next at \d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
  await jobs.stop();
  assert.equal(ran, []);
});

test.run();
