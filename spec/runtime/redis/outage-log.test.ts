import { test } from "uvu";
import * as assert from "uvu/assert";
import { createOutageLog, reasonOf } from "../../../runtime/redis/outage-log.ts";

test("one warning per outage, one line when Redis answers again, and a new warning for the next outage", () => {
  const lines: string[] = [];
  const outage = createOutageLog("cache.internal:6379", { warn: (line: string) => lines.push(`warn ${line}`), log: (line: string) => lines.push(`log ${line}`) });
  outage.answered();
  for (let i = 0; i < 3; i++) outage.failed(new Error("connect ECONNREFUSED 10.0.0.5:6379"));
  outage.answered();
  outage.answered();
  outage.failed(new Error("The client is offline"));
  assert.equal(lines, [
    "warn [sdk] Redis at cache.internal:6379 is not answering (connect ECONNREFUSED 10.0.0.5:6379): ISR renders without the shared cache and cron runs are skipped until it answers again.",
    "log [sdk] Redis at cache.internal:6379 answers again.",
    "warn [sdk] Redis at cache.internal:6379 is not answering (The client is offline): ISR renders without the shared cache and cron runs are skipped until it answers again.",
  ]);
});

test("the reason of an error: its message, the first of an AggregateError's (node's dual-stack connect), or its name", () => {
  assert.is(reasonOf(new AggregateError([new Error("connect ECONNREFUSED ::1:6379")], "")), "connect ECONNREFUSED ::1:6379");
  assert.is(reasonOf(Object.assign(new Error(""), { name: "TimeoutError" })), "TimeoutError");
  assert.is(reasonOf("plain"), "plain");
});

test.run();
