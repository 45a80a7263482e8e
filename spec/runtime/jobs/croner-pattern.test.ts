/**
 * Cloudflare's schedules as croner runs them on node, bun and deno (runtime/jobs/croner-pattern.ts
 * with the scheduler's options): the pattern croner gets, and the next run times from fixed dates,
 * worked out by hand from Cloudflare's meaning (weekday 1 = Sunday, UTC).
 */
import { Cron } from "croner";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cronerPattern } from "../../../runtime/jobs/croner-pattern.ts";
import { parseCron } from "../../../runtime/jobs/cron-syntax.ts";
import { CRONER_OPTIONS } from "../../../runtime/jobs/scheduler.ts";

function pattern(expression: string): string {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new Error(`${expression}: ${parsed.problem.message}`);
  return cronerPattern(parsed.schedule);
}

/** The next `count` runs strictly after `from`, as minutes in UTC. */
function nextRuns(expression: string, from: string, count = 3): string[] {
  const job = new Cron(pattern(expression), { ...CRONER_OPTIONS, paused: true });
  return job.nextRuns(count, new Date(from)).map((date) => date.toISOString().slice(0, 16));
}

// 2026-01-01 is a Thursday.
const NEW_YEAR = "2026-01-01T00:00:00Z";

test("the pattern croner gets: plain numbers, weekdays from 0 = Sunday", () => {
  assert.is(pattern("* * * * *"), "* * * * *");
  assert.is(pattern("*/30 * * * *"), "0,30 * * * *");
  assert.is(pattern("0 17 * * sun"), "0 17 * * 0");
  assert.is(pattern("10 7 * * 2-6"), "10 7 * * 1,2,3,4,5");
  assert.is(pattern("0 0 * jan-mar *"), "0 0 * 1,2,3 *");
  assert.is(pattern("0 18 * * 6L"), "0 18 * * 5L");
  assert.is(pattern("0 12 * * 2#1"), "0 12 * * 1#1");
  assert.is(pattern("0 0 * * 7"), "0 0 * * 6");
  assert.is(pattern("0 0 * * L"), "0 0 * * 6");
  assert.is(pattern("59 23 LW * *"), "59 23 LW * *");
  assert.is(pattern("0 0 L * *"), "0 0 L * *");
  assert.is(pattern("0 0 15W * *"), "0 0 15W * *");
});

test("Cloudflare's examples run when its documentation says", () => {
  assert.equal(nextRuns("* * * * *", NEW_YEAR), ["2026-01-01T00:01", "2026-01-01T00:02", "2026-01-01T00:03"]);
  assert.equal(nextRuns("*/30 * * * *", NEW_YEAR), ["2026-01-01T00:30", "2026-01-01T01:00", "2026-01-01T01:30"]);
  assert.equal(nextRuns("45 * * * *", NEW_YEAR), ["2026-01-01T00:45", "2026-01-01T01:45", "2026-01-01T02:45"]);
  const sundays = ["2026-01-04T17:00", "2026-01-11T17:00", "2026-01-18T17:00"];
  assert.equal(nextRuns("0 17 * * sun", NEW_YEAR), sundays);
  assert.equal(nextRuns("0 17 * * 1", NEW_YEAR), sundays);
  const weekdays = ["2026-01-01T07:10", "2026-01-02T07:10", "2026-01-05T07:10", "2026-01-06T07:10"];
  assert.equal(nextRuns("10 7 * * mon-fri", NEW_YEAR, 4), weekdays);
  assert.equal(nextRuns("10 7 * * 2-6", NEW_YEAR, 4), weekdays);
  assert.equal(nextRuns("0 15 1 * *", NEW_YEAR), ["2026-01-01T15:00", "2026-02-01T15:00", "2026-03-01T15:00"]);
  const lastFridays = ["2026-01-30T18:00", "2026-02-27T18:00", "2026-03-27T18:00"];
  assert.equal(nextRuns("0 18 * * 6L", NEW_YEAR), lastFridays);
  assert.equal(nextRuns("0 18 * * friL", NEW_YEAR), lastFridays);
  // January 31 and February 28 are Saturdays: the last weekday is the Friday before.
  assert.equal(nextRuns("59 23 LW * *", NEW_YEAR), ["2026-01-30T23:59", "2026-02-27T23:59", "2026-03-31T23:59"]);
});

test("weekday numbering: 7 is Saturday, L alone is Saturday, # counts from Sunday = 1", () => {
  assert.equal(nextRuns("0 0 * * 7", NEW_YEAR, 2), ["2026-01-03T00:00", "2026-01-10T00:00"]);
  assert.equal(nextRuns("0 0 * * L", NEW_YEAR, 2), ["2026-01-03T00:00", "2026-01-10T00:00"]);
  assert.equal(nextRuns("0 12 * * 2#1", NEW_YEAR), ["2026-01-05T12:00", "2026-02-02T12:00", "2026-03-02T12:00"]);
  assert.equal(nextRuns("0 0 * * 7L", NEW_YEAR, 2), ["2026-01-31T00:00", "2026-02-28T00:00"]);
});

test("W: the nearest weekday, never across the month's edge", () => {
  // 2026-02-15 and 2026-03-15 are Sundays (the Monday after), 2026-08-15 a Saturday (the Friday before).
  assert.equal(nextRuns("0 0 15W * *", NEW_YEAR, 3), ["2026-01-15T00:00", "2026-02-16T00:00", "2026-03-16T00:00"]);
  assert.equal(nextRuns("0 0 15W * *", "2026-08-01T00:00:00Z", 1), ["2026-08-14T00:00"]);
  // 2026-08-01 is a Saturday: 1W is Monday the 3rd, not the last day of July.
  assert.equal(nextRuns("0 0 1W * *", "2026-07-15T00:00:00Z", 2), ["2026-08-03T00:00", "2026-09-01T00:00"]);
  assert.equal(nextRuns("0 0 L * *", NEW_YEAR, 3), ["2026-01-31T00:00", "2026-02-28T00:00", "2026-03-31T00:00"]);
});

test("a day of month and a day of week both restricted: either one, as on Cloudflare", () => {
  assert.equal(nextRuns("0 0 13 * fri", NEW_YEAR, 4), ["2026-01-02T00:00", "2026-01-09T00:00", "2026-01-13T00:00", "2026-01-16T00:00"]);
  assert.equal(nextRuns("0 0 1 jan,jul *", NEW_YEAR, 2), ["2026-07-01T00:00", "2027-01-01T00:00"]);
});

test.run();
