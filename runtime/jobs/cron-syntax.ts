/**
 * Cloudflare's cron syntax, read the way its Cron Triggers read it: five fields in UTC, names for
 * months and weekdays, weekdays numbered 1 (Sunday) to 7 (Saturday), `L` and `W` in the day of
 * the month, `L` and `#` in the day of the week. The compiler checks each `crons/` expression with
 * it at build, and the node, bun and deno servers read the same result to schedule in-process.
 *
 * Forms Cloudflare's parser takes beyond its documentation (an offset from the last day, `L-3`,
 * and ranges that wrap, `50-10`) are refused with a way to write the same schedule: they are
 * read differently by the schedulers that would run them off the edge.
 */

export type CronFieldName = "minute" | "hour" | "day of month" | "month" | "day of week";

/** Values of a plain field, ascending; null is `*`. */
export type CronValues = readonly number[] | null;

export type DayOfMonth =
  | { kind: "values"; days: CronValues }
  | { kind: "last" }
  | { kind: "lastWeekday" }
  | { kind: "nearestWeekday"; day: number };

/** Weekdays in Cloudflare's numbering: 1 = Sunday ... 7 = Saturday. */
export type DayOfWeek =
  | { kind: "values"; days: CronValues }
  | { kind: "last"; day: number }
  | { kind: "nth"; day: number; nth: number };

export interface CronSchedule {
  minute: CronValues;
  hour: CronValues;
  dayOfMonth: DayOfMonth;
  month: CronValues;
  dayOfWeek: DayOfWeek;
}

export interface CronProblem {
  /** The field at fault; absent when the expression's shape is wrong. */
  field?: CronFieldName;
  message: string;
  hint: string;
}

export type CronParse = { ok: true; schedule: CronSchedule } | { ok: false; problem: CronProblem };

interface FieldSpec {
  name: CronFieldName;
  min: number;
  max: number;
  names?: readonly string[];
  forms: string;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const LISTS = "*, a list (1,5), a range (1-5) or a step (*/10, 0-30/5)";

const MINUTE: FieldSpec = { name: "minute", min: 0, max: 59, forms: `The minute takes 0-59 with ${LISTS}.` };
const HOUR: FieldSpec = { name: "hour", min: 0, max: 23, forms: `The hour takes 0-23 (UTC) with ${LISTS}.` };
const DAY_OF_MONTH: FieldSpec = {
  name: "day of month",
  min: 1,
  max: 31,
  forms: `The day of month takes 1-31 with ${LISTS}, or on its own L (the last day), LW (the last weekday) or 15W (the weekday nearest the 15th).`,
};
const MONTH: FieldSpec = { name: "month", min: 1, max: 12, names: MONTHS, forms: `The month takes 1-12 or JAN-DEC with ${LISTS}.` };
export const WEEKDAY_NUMBERING = "Cloudflare numbers weekdays from 1 = Sunday to 7 = Saturday; the names SUN-SAT say the same without numbers.";
const DAY_OF_WEEK: FieldSpec = {
  name: "day of week",
  min: 1,
  max: 7,
  names: WEEKDAYS,
  forms: `The day of week takes 1-7 or SUN-SAT (1 = Sunday) with ${LISTS}, or on its own 6L (the last Friday) or 2#1 (the first Monday).`,
};

export function parseCron(expression: string): CronParse {
  try {
    return { ok: true, schedule: readSchedule(expression) };
  } catch (error) {
    if (error instanceof CronSyntaxError) return { ok: false, problem: error.problem };
    throw error;
  }
}

class CronSyntaxError extends Error {
  constructor(readonly problem: CronProblem) {
    super(problem.message);
  }
}

function fail(field: FieldSpec | undefined, message: string, hint = field?.forms ?? ""): never {
  throw new CronSyntaxError({ ...(field ? { field: field.name } : {}), message, hint });
}

function readSchedule(expression: string): CronSchedule {
  const shape = "Five fields separated by spaces: minute hour day-of-month month day-of-week, e.g. `0 3 * * *`.";
  if (expression.trim() === "") fail(undefined, "The cron expression is empty.", shape);
  if (expression !== expression.trim()) fail(undefined, "The cron expression starts or ends with white space.", "Remove the spaces around it.");
  const fields = expression.split(/[ \t]+/);
  if (fields.length !== 5) {
    const seconds = fields.length === 6 ? " Cloudflare schedules by the minute: drop the seconds field." : "";
    fail(undefined, `The cron expression has ${fields.length} field${fields.length === 1 ? "" : "s"}; Cloudflare's has 5.`, `${shape}${seconds}`);
  }
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  return {
    minute: readValues(minute, MINUTE),
    hour: readValues(hour, HOUR),
    dayOfMonth: readDayOfMonth(dayOfMonth),
    month: readValues(month, MONTH),
    dayOfWeek: readDayOfWeek(dayOfWeek),
  };
}

function readDayOfMonth(text: string): DayOfMonth {
  if (text === "L") return { kind: "last" };
  if (text === "LW") return { kind: "lastWeekday" };
  if (/^L-/.test(text)) {
    fail(DAY_OF_MONTH, `day of month "${text}": an offset from the last day is not supported.`, "Name the days instead (e.g. 28 for a fixed day), or use L for the last day.");
  }
  const nearest = /^(\d+)W$/.exec(text);
  if (nearest) return { kind: "nearestWeekday", day: readNumber(nearest[1]!, DAY_OF_MONTH, text) };
  checkStandsAlone(text, DAY_OF_MONTH, /[LW]/, "L and W");
  return { kind: "values", days: readValues(text, DAY_OF_MONTH) };
}

function readDayOfWeek(text: string): DayOfWeek {
  // `L` alone is the last day of the week, as in Quartz and Cloudflare.
  if (text === "L") return { kind: "values", days: [7] };
  const last = /^([0-9]+|[A-Za-z]{3})L$/.exec(text);
  if (last) return { kind: "last", day: readValue(last[1]!, DAY_OF_WEEK, text) };
  const nth = /^([0-9]+|[A-Za-z]{3})#([0-9]+)$/.exec(text);
  if (nth) {
    const n = Number(nth[2]);
    if (n < 1 || n > 5) fail(DAY_OF_WEEK, `day of week "${text}": # picks the 1st to 5th such weekday of the month, got ${n}.`, "Write 2#1 for the first Monday, 6#3 for the third Friday.");
    return { kind: "nth", day: readValue(nth[1]!, DAY_OF_WEEK, text), nth: n };
  }
  checkStandsAlone(text, DAY_OF_WEEK, /L|#/, "L and #");
  return { kind: "values", days: readValues(text, DAY_OF_WEEK) };
}

/** The special forms take the whole field: `L,15` or `1-5L` is not a schedule Cloudflare reads. */
function checkStandsAlone(text: string, field: FieldSpec, special: RegExp, which: string): void {
  if (special.test(text)) fail(field, `${field.name} "${text}": ${which} stand alone in their field, not in a list or range.`);
}

function readValues(text: string, field: FieldSpec): CronValues {
  if (text === "*") return null;
  if (text.includes("?")) fail(field, `${field.name} "${text}": Cloudflare's cron syntax has no "?".`, "Write * for any value.");
  const values = new Set<number>();
  text.split(",").forEach((item, index) => {
    for (const value of readItem(item, field, text, index === 0)) values.add(value);
  });
  return [...values].sort((a, b) => a - b);
}

/** One list item: `5`, `1-5`, `1-5/2`, `5/15`, `*\/15` (the last only first, as Cloudflare reads it). */
function readItem(item: string, field: FieldSpec, text: string, first: boolean): number[] {
  const match = /^(\*|[0-9]+|[A-Za-z]{3})(?:-([0-9]+|[A-Za-z]{3}))?(?:\/([0-9]+))?$/.exec(item);
  if (!match || (match[1] === "*" && (match[2] !== undefined || match[3] === undefined || !first))) {
    fail(field, `${field.name} "${text}" is not a value, range or step Cloudflare reads.`);
  }
  const [, startText, endText, stepText] = match;
  const start = startText === "*" ? field.min : readValue(startText!, field, text);
  const end = endText !== undefined ? readValue(endText, field, text) : stepText !== undefined ? field.max : start;
  if (start > end) {
    fail(field, `${field.name} "${text}": the range ${item} runs backwards.`, `Ranges go from low to high; for one that wraps, list both parts, e.g. ${wrapExample(field)}.`);
  }
  const step = stepText === undefined ? 1 : Number(stepText);
  const maxStep = field.max - field.min;
  if (step < 1 || step > maxStep) fail(field, `${field.name} "${text}": the step must be from 1 to ${maxStep}, got ${stepText}.`);
  const values: number[] = [];
  for (let value = start; value <= end; value += step) values.push(value);
  return values;
}

function wrapExample(field: FieldSpec): string {
  return field.names === WEEKDAYS ? "FRI-SAT,SUN-MON" : field.names === MONTHS ? "NOV-DEC,JAN-FEB" : `${field.max - 1}-${field.max},${field.min}-${field.min + 1}`;
}

function readValue(token: string, field: FieldSpec, text: string): number {
  if (/^[0-9]+$/.test(token)) return readNumber(token, field, text);
  const index = field.names?.indexOf(token.toUpperCase()) ?? -1;
  if (index < 0) {
    const names = field.names ? ` or ${field.names[0]}-${field.names[field.names.length - 1]}` : "";
    fail(field, `${field.name} "${text}": "${token}" is not a ${field.name}; it takes ${field.min}-${field.max}${names}.`);
  }
  return index + field.min;
}

function readNumber(digits: string, field: FieldSpec, text: string): number {
  const value = Number(digits);
  if (value >= field.min && value <= field.max) return value;
  const where = text === digits ? `${field.name} ${value}` : `${field.name} "${text}": ${value}`;
  const hint = field === DAY_OF_WEEK ? `${WEEKDAY_NUMBERING} Sunday is 1 (or SUN).` : field.forms;
  return fail(field, `${where} is out of range ${field.min}-${field.max}.`, hint);
}
