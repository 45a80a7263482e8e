// One table of every figure: ours, the baseline beside it, their ratio, the target and the verdict.

/** A row compared with a baseline. `better` says which way is good: "higher" or "lower". */
export function ratioRow({ figure, ours, baseline, unit, better, target }) {
  const ratio = ours / baseline;
  const pass = target === undefined ? undefined : better === "higher" ? ratio >= target : ratio <= target;
  return {
    figure,
    ours: format(ours, unit),
    baseline: format(baseline, unit),
    ratio: `${ratio.toFixed(2)}x`,
    target: target === undefined ? "-" : `${better === "higher" ? ">=" : "<="} ${target}x`,
    verdict: pass === undefined ? "info" : pass ? "pass" : "MISS",
    values: { ours, baseline, ratio, unit },
  };
}

/**
 * A row with an absolute limit (build time and memory, the dev loop); `atMost` allows the limit itself. A
 * `baseline`, if given, is shown beside it with the ratio, for information: the limit decides.
 */
export function limitRow({ figure, ours, unit, limit, atMost = false, baseline }) {
  const pass = limit === undefined ? undefined : atMost ? ours <= limit : ours < limit;
  const ratio = baseline === undefined ? undefined : ours / baseline;
  return {
    figure,
    ours: format(ours, unit),
    baseline: baseline === undefined ? "-" : format(baseline, unit),
    ratio: ratio === undefined ? "-" : `${ratio.toFixed(2)}x`,
    target: limit === undefined ? "-" : `${atMost ? "<=" : "<"} ${format(limit, unit)}`,
    verdict: pass === undefined ? "info" : pass ? "pass" : "MISS",
    values: baseline === undefined ? { ours, unit } : { ours, baseline, ratio, unit },
  };
}

export function format(value, unit) {
  switch (unit) {
    case "req/s": return `${Math.round(value).toLocaleString("en-US")} req/s`;
    case "ms": return `${value.toFixed(value < 100 ? 1 : 0)} ms`;
    case "s": return `${value.toFixed(2)} s`;
    case "MB": return `${value.toFixed(0)} MB`;
    case "kB": return `${value.toFixed(2)} kB`;
    default: return `${value} ${unit}`;
  }
}

const COLUMNS = [
  ["figure", "figure"],
  ["ours", "ours"],
  ["baseline", "baseline"],
  ["ratio", "ratio"],
  ["target", "target"],
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
