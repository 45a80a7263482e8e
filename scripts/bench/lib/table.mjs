// One table of every figure: ours, the baseline beside it, their ratio, the goal and the verdict.
// A measured value is a number or a `summarize()` result ({ median, min, max }): then the median
// decides and the range is printed beside it. Every row with a goal carries it as data (`goal`),
// with how `--check` treats it (`check`, see check.mjs).

const median = (value) => (typeof value === "number" ? value : value.median);

/**
 * A row compared with a baseline. `better` says which way is good: "higher" or "lower". The ratio
 * is ours / baseline, or with `inverse` baseline / ours (a CPU time per request judged as
 * throughput: the baseline's CPU over ours, higher is better). `ratios`, a `summarize()` of the
 * ratio taken run by run where ours and the baseline ran side by side (paired runs), decides in
 * place of the medians' ratio, and its range is printed beside it.
 */
export function ratioRow({ figure, ours, baseline, unit, better, target, inverse = false, check, ratios }) {
  const ratio = ratios ? ratios.median : inverse ? median(baseline) / median(ours) : median(ours) / median(baseline);
  const goal = target === undefined ? undefined : { on: "ratio", op: better === "higher" ? ">=" : "<=", value: target };
  return {
    figure,
    ours: formatMeasured(ours, unit),
    baseline: formatMeasured(baseline, unit),
    ratio: ratios ? `${ratio.toFixed(2)}x [${ratios.min.toFixed(2)}-${ratios.max.toFixed(2)}]` : `${ratio.toFixed(2)}x`,
    target: goal ? `${goal.op} ${target}x` : "-",
    verdict: verdict(goal, ratio),
    values: { ours, baseline, ratio, ...(ratios && { ratioRange: { min: ratios.min, max: ratios.max } }), unit },
    ...(goal && { goal, check }),
  };
}

/**
 * A row with an absolute limit (build time and memory, the dev loop); `atMost` allows the limit itself. A
 * `baseline`, if given, is shown beside it with the ratio, for information: the limit decides.
 */
export function limitRow({ figure, ours, unit, limit, atMost = false, baseline, check }) {
  const goal = limit === undefined ? undefined : { on: "ours", op: atMost ? "<=" : "<", value: limit };
  const ratio = baseline === undefined ? undefined : median(ours) / median(baseline);
  return {
    figure,
    ours: formatMeasured(ours, unit),
    baseline: baseline === undefined ? "-" : formatMeasured(baseline, unit),
    ratio: ratio === undefined ? "-" : `${ratio.toFixed(2)}x`,
    target: goal ? `${goal.op} ${format(limit, unit)}` : "-",
    verdict: verdict(goal, median(ours)),
    values: baseline === undefined ? { ours, unit } : { ours, baseline, ratio, unit },
    ...(goal && { goal, check }),
  };
}

/** The number a row's goal is judged on: its ratio or its own value. */
export function judgedValue(row) {
  return row.goal.on === "ratio" ? row.values.ratio : median(row.values.ours);
}

/** Whether `value` meets `goal` ({ op, value }), the goal's value scaled by `scale` (--check's margin). */
export function meets(goal, value, scale = 1) {
  const bound = goal.value * scale;
  switch (goal.op) {
    case ">=": return value >= bound;
    case "<=": return value <= bound;
    case "<": return value < bound;
    default: throw new Error(`unknown goal operator ${goal.op}`);
  }
}

function verdict(goal, value) {
  if (!goal) return "info";
  return meets(goal, value) ? "pass" : "MISS";
}

function number(value, unit) {
  switch (unit) {
    case "req/s": return Math.round(value).toLocaleString("en-US");
    case "ms": return value.toFixed(value < 100 ? 1 : 0);
    case "µs": return value.toFixed(value < 100 ? 1 : 0);
    case "s": return value.toFixed(2);
    case "MB": return value.toFixed(0);
    case "kB": return value.toFixed(2);
    case "x": return value.toFixed(2);
    default: return String(value);
  }
}

export function format(value, unit) {
  return unit === "x" ? `${number(value, unit)}x` : `${number(value, unit)} ${unit}`;
}

/** A median with its range: `31.2 [29.0-35.1] µs`. */
function formatMeasured(value, unit) {
  if (typeof value === "number" || value.runs < 2) return format(median(value), unit);
  return `${number(value.median, unit)} [${number(value.min, unit)}-${number(value.max, unit)}] ${unit}`;
}

const COLUMNS = [
  ["figure", "figure"],
  ["ours", "ours"],
  ["baseline", "baseline"],
  ["ratio", "ratio"],
  ["target", "goal"],
  ["verdict", "pass/miss"],
];

export function renderTable(rows) {
  const widths = COLUMNS.map(([key, title]) => Math.max(title.length, ...rows.map((row) => row[key].length)));
  const line = (cells) => `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(" | ")} |`;
  return [
    line(COLUMNS.map(([, title]) => title)),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...rows.map((row) => line(COLUMNS.map(([key]) => row[key]))),
  ].join("\n");
}
