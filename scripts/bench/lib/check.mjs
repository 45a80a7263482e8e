// `--check`: the regression check CI runs after `npm run bench -- --quick`. A figure fails it only
// when it misses its reference by more than a margin: for a ">= g" goal a value below
// (1 - margin) * g, for a "<= g" goal a value above (1 + margin) * g. The reference is the goal,
// or for a figure that has not reached its goal yet, the value it had when it landed
// (known-misses.json), so CI fails on a regression, not on work still to do. The margin is 20%
// for what is counted (sizes, memory), 35% for CPU ratios, which a quick run on two shared cores
// moves by up to a third (still failing a change that halves throughput), and wider for
// wall-clock rows, which say why; rows that cannot be checked say why not. A regression must show
// on two measurements: run.mjs measures the figure of each again and judges the second.
import { readFileSync } from "node:fs";
import { judgedValue, meets } from "./table.mjs";

export const CHECK_MARGIN = 0.2;

/** For CPU-per-request ratios: a quick run on two shared cores moves them by up to a third. */
export const CPU_RATIO_CHECK = { margin: 0.35, why: "a CPU ratio of a quick run on two shared cores, which load moves by up to a third (a halving still fails)" };

const KNOWN_MISSES = JSON.parse(readFileSync(new URL("../known-misses.json", import.meta.url), "utf8"));

/** The goal, or the landed value of a figure still short of it, whichever is easier to meet. */
function referenceOf(row) {
  const known = KNOWN_MISSES[row.figure];
  if (!known) return { value: row.goal.value };
  const easier = row.goal.op === ">=" ? Math.min(row.goal.value, known.value) : Math.max(row.goal.value, known.value);
  return { value: easier, known };
}

/** For rows timed by the wall clock of one process start or build, which a busy machine moves by more than 20%. */
export const WALL_CLOCK_CHECK = { margin: 0.5, why: "wall-clock time, not a CPU ratio: load from elsewhere on a shared machine moves it by more than 20%" };

/** How one row with a goal fares: { row, outcome: "ok" | "regression" | "unchecked", margin, bound, why }. */
function checkRow(row) {
  if (row.check?.skip) return { row, outcome: "unchecked", why: row.check.skip };
  const margin = row.check?.margin ?? CHECK_MARGIN;
  const scale = row.goal.op === ">=" ? 1 - margin : 1 + margin;
  const value = judgedValue(row);
  const reference = referenceOf(row);
  const goal = { ...row.goal, value: reference.value };
  return { row, outcome: meets(goal, value, scale) ? "ok" : "regression", margin, bound: reference.value * scale, value, why: row.check?.why, known: reference.known };
}

export function checkRows(rows) {
  return rows.filter((row) => row.goal).map(checkRow);
}

/**
 * The check of every figure's rows (`rowsOf`: figure name to rows), a regression confirmed by a
 * second measurement: one quick run on two shared cores can read a ratio at half its value (a
 * burst of load on one side of an alternation), so each figure with a regression is measured
 * again (`remeasure(name)` resolves with its new rows, which replace the old in `rowsOf`) and the
 * second measurement is judged. `unconfirmed`: the first measurement's regressions the second did
 * not repeat.
 */
export async function confirmedChecks(rowsOf, remeasure) {
  const first = checkRows([...rowsOf.values()].flat());
  const regressions = first.filter((check) => check.outcome === "regression");
  if (regressions.length === 0) return { checks: first, unconfirmed: [] };
  for (const [name, rows] of [...rowsOf]) {
    if (regressions.some((check) => rows.includes(check.row))) rowsOf.set(name, await remeasure(name));
  }
  const checks = checkRows([...rowsOf.values()].flat());
  const regressedAgain = new Set(checks.filter((check) => check.outcome === "regression").map((check) => check.row.figure));
  return { checks, unconfirmed: regressions.filter((check) => !regressedAgain.has(check.row.figure)) };
}

const percent = (fraction) => `${Math.round(fraction * 100)}%`;
const digits = (value) => Number(value.toPrecision(3));

/**
 * The lines --check prints, `leftOut` ({ figure: reason }) being the figures not run and
 * `unconfirmed` the regressions of a first measurement that a second did not repeat; none of the
 * lines has the form of the test runner's closing line.
 */
export function checkReport(results, leftOut, unconfirmed = []) {
  const lines = [`check: every goal widened by ${percent(CHECK_MARGIN)} unless stated`];
  for (const { row, value, bound } of unconfirmed) {
    lines.push(`  not confirmed: ${row.figure}: ${digits(value)} on the first measurement (allowed ${row.goal.op} ${digits(bound)}), within its margin on the second`);
  }
  for (const [figure, reason] of Object.entries(leftOut)) lines.push(`  not run: ${figure}: ${reason}`);
  for (const result of results) {
    const { row } = result;
    if (result.outcome === "unchecked") lines.push(`  not checked: ${row.figure}: ${result.why}`);
    else if (result.margin !== CHECK_MARGIN) lines.push(`  margin ${percent(result.margin)}: ${row.figure}: ${result.why}`);
    if (result.known) lines.push(`  known miss: ${row.figure}: checked against ${result.known.value} as landed, not the goal ${row.target}: ${result.known.why}`);
  }
  const regressions = results.filter((result) => result.outcome === "regression");
  for (const result of regressions) {
    const { row, value, bound } = result;
    lines.push(`  REGRESSION: ${row.figure}: ${digits(value)} against ${result.known ? `${result.known.value} as landed (goal ${row.target})` : `goal ${row.target}`}, allowed up to ${row.goal.op} ${digits(bound)}`);
  }
  const checked = results.filter((result) => result.outcome !== "unchecked").length;
  lines.push(regressions.length
    ? `check FAILED: ${regressions.length} of ${checked} checked goals missed beyond their margin`
    : `check ok: all ${checked} checked goals within their margin (${results.filter((r) => r.row.verdict === "MISS").length} MISS within it)`);
  return lines;
}
