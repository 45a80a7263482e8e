/**
 * The requests and jobs the dashboard lists: workerd's tagged lines joined to their request or
 * job, a cron's outcome to the run that printed, a dev 500's stack located in the app's source,
 * and on node a line printed inside a request kept as that request's.
 */
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Activity } from "../../../../cli/dev/dashboard/activity.ts";

const root = "/work/app";

test("a tagged line joins the latest request of its method and path; untagged lines join nothing", () => {
  const activity = new Activity(root);
  const first = activity.begin("GET", "/api/a", null, []);
  const second = activity.begin("GET", "/api/a", null, []);
  const other = activity.begin("POST", "/api/a", null, []);
  activity.workerOutput("log", "[GET /api/a] hello");
  activity.workerOutput("error", "[POST /api/a] failed at routes/a.ts:3:9");
  activity.workerOutput("log", "a line at a module's top level");
  assert.equal([first.output, second.output.map((line) => line.text)], [[], ["hello"]]);
  assert.equal(other.error, { message: "failed at routes/a.ts:3:9", at: { file: "routes/a.ts", line: 3, column: 9 } });
});

test("a request's version moves with each change, so a poll gets what changed since", () => {
  const activity = new Activity(root);
  const entry = activity.begin("GET", "/", null, []);
  const since = activity.current;
  activity.finish(entry, 200, 12.345);
  assert.ok(entry.version > since);
  assert.equal([entry.status, entry.ms], [200, 12.3]);
});

test("a cron's lines and its outcome are one run; the next firing is a new one", () => {
  const activity = new Activity(root);
  activity.workerOutput("log", "[cron 0 2 * * *] cleaning");
  activity.cronFired("0 2 * * *", { ran: ["crons/nightly.ts"], outcome: "ok" });
  activity.cronFired("0 2 * * *", { ran: ["crons/nightly.ts"], outcome: "exception", errors: [{ message: "boom" }] });
  assert.equal(activity.jobs.map((run) => [run.name, run.outcome, run.output.map((line) => line.text)]), [
    ["0 2 * * *", "ok", ["cleaning"]],
    ["0 2 * * *", "exception", []],
  ]);
  activity.workerOutput("log", "[queue app-work] consumed 1");
  activity.workerOutput("log", "[queue app-work] consumed 2");
  assert.equal(activity.jobs.at(-1)!.output.map((line) => line.text), ["consumed 1", "consumed 2"]);
});

test("a dev 500's stack is located at its first frame in the app, not in node_modules or the generated app", () => {
  const activity = new Activity(root);
  const entry = activity.begin("GET", "/api/boom", null, []);
  const stack = [
    "Error: boom",
    `    at fn (${root}/node_modules/sdk/lib/runtime/dev/lazy-route.js:15:28)`,
    `    at x (${root}/.sdk/generated/dev/app.ts:1:1)`,
    `    at Object.fn (${path.join(root, "routes/api/boom.ts")}:4:9)`,
  ].join("\n");
  activity.failed(entry, "boom", stack);
  assert.equal(entry.error, { message: "boom", at: { file: "routes/api/boom.ts", line: 4, column: 9 }, stack });
});

test("on node, what a request prints in this process is that request's; outside one, nobody's", () => {
  const activity = new Activity(root);
  const entry = activity.begin("GET", "/", null, []);
  assert.ok(activity.within(entry, () => activity.printedHere("warn", ["%s items", 3])));
  assert.not.ok(activity.printedHere("log", ["outside"]));
  assert.equal(entry.output.map(({ level, text }) => [level, text]), [["warn", "3 items"]]);
});

test("only the newest entries are kept, and of each at most 200 lines, each cut at 8000 characters", () => {
  const activity = new Activity(root, 3);
  for (let index = 0; index < 5; index++) activity.begin("GET", `/${index}`, null, []);
  assert.equal(activity.requests.map((entry) => entry.path), ["/2", "/3", "/4"]);
  for (let index = 0; index < 300; index++) activity.workerOutput("log", `[GET /4] ${"x".repeat(10_000)}`);
  const [last] = activity.requests.slice(-1);
  assert.equal([last!.output.length, last!.output[0]!.text.length], [200, 8_001]);
});

test.run();
