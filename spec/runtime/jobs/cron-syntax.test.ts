/**
 * Cloudflare's cron syntax (runtime/jobs/cron-syntax.ts) and the build's check of each `crons/`
 * expression (compiler/validate/cron-expression.ts): every example of Cloudflare's Cron Triggers
 * documentation reads, and a mistake names its field, the field's range and how to write it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateCronExpression } from "../../../compiler/validate/cron-expression.ts";
import { parseCron, type CronProblem, type CronSchedule } from "../../../runtime/jobs/cron-syntax.ts";

/** The examples on Cloudflare's Cron Triggers page, each with the schedule it means. */
const CLOUDFLARE_EXAMPLES = [
  "* * * * *",
  "*/30 * * * *",
  "45 * * * *",
  "0 17 * * sun",
  "0 17 * * 1",
  "10 7 * * mon-fri",
  "10 7 * * 2-6",
  "0 15 1 * *",
  "0 18 * * 6L",
  "0 18 * * friL",
  "59 23 LW * *",
  "*/3 * * * *",
];

function schedule(expression: string): CronSchedule {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new Error(`${expression}: ${parsed.problem.message}`);
  return parsed.schedule;
}

function problem(expression: string): CronProblem {
  const parsed = parseCron(expression);
  if (parsed.ok) throw new Error(`${expression} was read as a schedule`);
  return parsed.problem;
}

test("every example of Cloudflare's documentation reads", () => {
  for (const expression of CLOUDFLARE_EXAMPLES) assert.ok(parseCron(expression).ok, expression);
});

test("the examples mean what Cloudflare says they mean", () => {
  assert.equal(schedule("* * * * *"), { minute: null, hour: null, dayOfMonth: { kind: "values", days: null }, month: null, dayOfWeek: { kind: "values", days: null } });
  assert.equal(schedule("*/30 * * * *").minute, [0, 30]);
  assert.equal(schedule("0 17 * * sun").dayOfWeek, schedule("0 17 * * 1").dayOfWeek);
  assert.equal(schedule("10 7 * * mon-fri").dayOfWeek, { kind: "values", days: [2, 3, 4, 5, 6] });
  assert.equal(schedule("10 7 * * 2-6").dayOfWeek, { kind: "values", days: [2, 3, 4, 5, 6] });
  assert.equal(schedule("0 18 * * 6L").dayOfWeek, { kind: "last", day: 6 });
  assert.equal(schedule("0 18 * * friL").dayOfWeek, { kind: "last", day: 6 });
  assert.equal(schedule("59 23 LW * *").dayOfMonth, { kind: "lastWeekday" });
});

test("the other forms of Cloudflare's table: names, lists, steps, L, W and #", () => {
  assert.equal(schedule("0 0 * JAN,jul,Dec *").month, [1, 7, 12]);
  assert.equal(schedule("0 0 * * SUN-sat").dayOfWeek, { kind: "values", days: [1, 2, 3, 4, 5, 6, 7] });
  assert.equal(schedule("5-20/5,50 * * * *").minute, [5, 10, 15, 20, 50]);
  assert.equal(schedule("30/15 * * * *").minute, [30, 45]);
  assert.equal(schedule("0 */6 * * *").hour, [0, 6, 12, 18]);
  assert.equal(schedule("0 0 */10 * *").dayOfMonth, { kind: "values", days: [1, 11, 21, 31] });
  assert.equal(schedule("0 0 L * *").dayOfMonth, { kind: "last" });
  assert.equal(schedule("0 0 15W * *").dayOfMonth, { kind: "nearestWeekday", day: 15 });
  assert.equal(schedule("0 12 * * 2#1").dayOfWeek, { kind: "nth", day: 2, nth: 1 });
  assert.equal(schedule("0 12 * * MON#5").dayOfWeek, { kind: "nth", day: 2, nth: 5 });
  assert.equal(schedule("0 0 * * L").dayOfWeek, { kind: "values", days: [7] }, "L alone is the last day of the week");
  assert.equal(schedule("0\t0  * * *").hour, [0], "fields are separated by spaces or tabs");
});

test("a value out of its field's range names the field and the range", () => {
  const cases: [string, CronProblem["field"], RegExp][] = [
    ["60 * * * *", "minute", /minute 60 is out of range 0-59/],
    ["0 24 * * *", "hour", /hour 24 is out of range 0-23/],
    ["0 0 0 * *", "day of month", /day of month 0 is out of range 1-31/],
    ["0 0 32W * *", "day of month", /32 is out of range 1-31/],
    ["0 0 * 13 *", "month", /month 13 is out of range 1-12/],
    ["0 0 * 0-6 *", "month", /month "0-6": 0 is out of range 1-12/],
    ["0 0 * * 8", "day of week", /day of week 8 is out of range 1-7/],
  ];
  for (const [expression, field, message] of cases) {
    const found = problem(expression);
    assert.is(found.field, field, expression);
    assert.match(found.message, message, expression);
  }
  assert.match(problem("60 * * * *").hint, /The minute takes 0-59/);
  assert.match(problem("0 0 * 13 *").hint, /1-12 or JAN-DEC/);
});

test("weekday 0 is out of range, with a hint about Cloudflare's numbering", () => {
  for (const expression of ["0 17 * * 0", "0 17 * * 0-4", "0 17 * * 0L", "0 17 * * 0#2"]) {
    const found = problem(expression);
    assert.is(found.field, "day of week", expression);
    assert.match(found.message, /0 is out of range 1-7/, expression);
    assert.match(found.hint, /1 = Sunday to 7 = Saturday.*Sunday is 1 \(or SUN\)/, expression);
  }
});

test("shapes Cloudflare does not read", () => {
  assert.match(problem("* * * *").message, /has 4 fields; Cloudflare's has 5/);
  assert.match(problem("0 * * * * *").hint, /drop the seconds field/);
  assert.match(problem("").message, /empty/);
  assert.match(problem(" * * * * *").message, /white space/);
  assert.match(problem("@daily").message, /has 1 field;/);
});

test("forms outside Cloudflare's syntax are refused with a way to write them", () => {
  const cases: [string, CronProblem["field"], RegExp, RegExp][] = [
    ["0 12 ? * MON", "day of month", /has no "\?"/, /Write \*/],
    ["0 0 1,L * *", "day of month", /L and W stand alone/, /L \(the last day\)/],
    ["0 0 1-15W * *", "day of month", /L and W stand alone/, /15W/],
    ["0 0 L-3 * *", "day of month", /offset from the last day is not supported/, /use L/],
    ["0 0 * * 1,6L", "day of week", /L and # stand alone/, /6L \(the last Friday\)/],
    ["0 0 * * 2#6", "day of week", /1st to 5th/, /2#1 for the first Monday/],
    ["0 0 * * MONDAY", "day of week", /not a value, range or step/, /SUN-SAT \(1 = Sunday\)/],
    ["0 0 * * XYZ", "day of week", /"XYZ" is not a day of week; it takes 1-7 or SUN-SAT/, /1 = Sunday/],
    ["50-10 * * * *", "minute", /the range 50-10 runs backwards/, /58-59,0-1/],
    ["0 0 * * FRI-MON", "day of week", /runs backwards/, /FRI-SAT,SUN-MON/],
    ["*/0 * * * *", "minute", /the step must be from 1 to 59, got 0/, /\*\/10/],
    ["0 */24 * * *", "hour", /the step must be from 1 to 23, got 24/, /0-23/],
    ["*,5 * * * *", "minute", /not a value, range or step/, /0-59/],
    ["0 0 * * 1-5l", "day of week", /not a value, range or step/, /1-7/],
  ];
  for (const [expression, field, message, hint] of cases) {
    const found = problem(expression);
    assert.is(found.field, field, expression);
    assert.match(found.message, message, expression);
    assert.match(found.hint, hint, expression);
  }
});

const where = { file: "crons/nightly.ts", line: 3, column: 21 };

test("the build reports a bad expression at the exported string, with its field and range", () => {
  const [diagnostic, ...others] = validateCronExpression("0 25 * * *", where);
  assert.equal(others, []);
  assert.is(diagnostic!.code, "SDK_CRON_INVALID");
  assert.is(diagnostic!.severity, "error");
  assert.equal([diagnostic!.file, diagnostic!.line, diagnostic!.column], ["crons/nightly.ts", 3, 21]);
  assert.is(diagnostic!.message, '"0 25 * * *" is not a cron expression Cloudflare reads: hour 25 is out of range 0-23.');
  assert.match(diagnostic!.hint!, /The hour takes 0-23 \(UTC\)/);
});

test("the build passes Cloudflare's examples and warns that weekday 7 is Saturday", () => {
  for (const expression of CLOUDFLARE_EXAMPLES) assert.equal(validateCronExpression(expression, where), [], expression);
  for (const expression of ["0 0 * * 7", "0 0 * * 1-7", "0 0 * * 7L", "0 0 * * 7#1"]) {
    const [diagnostic, ...others] = validateCronExpression(expression, where);
    assert.equal(others, []);
    assert.is(diagnostic!.code, "SDK_CRON_WEEKDAY_NUMBERING", expression);
    assert.is(diagnostic!.severity, "warning");
    assert.match(diagnostic!.message, /day of week 7 is Saturday in Cloudflare's numbering/);
    assert.match(diagnostic!.hint!, /Write SAT to mean Saturday, or 1 \(SUN\) for Sunday/);
  }
  assert.equal(validateCronExpression("0 0 17 * SAT", where), [], "a 7 in another field is no weekday");
});

test.run();
