// `--check`: the regression check CI runs after `npm run bench -- --quick`. A figure fails it only
// when it misses its goal by more than a margin (20% unless the row says otherwise): for a
// ">= g" goal a value below (1 - margin) * g, for a "<= g" goal a value above (1 + margin) * g. So
// noise around a goal never fails CI, while a change that halves throughput does. Rows judged on
// wall-clock time carry a wider margin and say why; rows that cannot be checked say why not.
import { judgedValue, meets } from "./table.mjs";

export const CHECK_MARGIN = 0.2;

/** For rows timed by the wall clock of one process start or build, which a busy machine moves by more than 20%. */
export const WALL_CLOCK_CHECK = { margin: 0.5, why: "wall-clock time, not a CPU ratio: load from elsewhere on a shared machine moves it by more than 20%" };

/** How one row with a goal fares: { row, outcome: "ok" | "regression" | "unchecked", margin, bound, why }. */
function checkRow(row) {
  if (row.check?.skip) return { row, outcome: "unchecked", why: row.check.skip };
  const margin = row.check?.margin ?? CHECK_MARGIN;
  const scale = row.goal.op === ">=" ? 1 - margin : 1 + margin;
  const value = judgedValue(row);
  return { row, outcome: meets(row.goal, value, scale) ? "ok" : "regression", margin, bound: row.goal.value * scale, value, why: row.check?.why };
}

export function checkRows(rows) {
  return rows.filter((row) => row.goal).map(checkRow);
}

const percent = (fraction) => `${Math.round(fraction * 100)}%`;
const digits = (value) => Number(value.toPrecision(3));

/**
 * The lines --check prints, `leftOut` ({ figure: reason }) being the figures not run; none of them
 * has the form of the test runner's closing line.
 */
export function checkReport(results, leftOut) {
  const lines = [`check: every goal widened by ${percent(CHECK_MARGIN)} unless stated`];
  for (const [figure, reason] of Object.entries(leftOut)) lines.push(`  not run: ${figure}: ${reason}`);
  for (const result of results) {
    const { row } = result;
    if (result.outcome === "unchecked") lines.push(`  not checked: ${row.figure}: ${result.why}`);
    else if (result.margin !== CHECK_MARGIN) lines.push(`  margin ${percent(result.margin)}: ${row.figure}: ${result.why}`);
  }
  const regressions = results.filter((result) => result.outcome === "regression");
  for (const { row, value, bound } of regressions) {
    lines.push(`  REGRESSION: ${row.figure}: ${digits(value)} against goal ${row.target}, allowed up to ${row.goal.op} ${digits(bound)}`);
  }
  const checked = results.filter((result) => result.outcome !== "unchecked").length;
  lines.push(regressions.length
    ? `check FAILED: ${regressions.length} of ${checked} checked goals missed beyond their margin`
    : `check ok: all ${checked} checked goals within their margin (${results.filter((r) => r.row.verdict === "MISS").length} MISS within it)`);
  return lines;
}
