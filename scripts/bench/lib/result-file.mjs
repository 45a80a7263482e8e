// The run's result as JSON, for scripts and for comparing runs: the machine, the settings, every
// row with its medians and ranges (values unformatted), goal, verdict and, with --check, how it fared.
import { writeFileSync } from "node:fs";
import os from "node:os";

export function machineInfo(options) {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "cpu",
    memoryMB: Math.round(os.totalmem() / 2 ** 20),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg()[0],
    loadGenerator: options.generator,
  };
}

export function describeMachine(machine) {
  return `${machine.cpus} x ${machine.cpuModel}, node ${machine.node}, load ${machine.loadAverage.toFixed(2)}, load generator ${machine.loadGenerator}`;
}

/** `partial`: written after a figure, before the run has measured them all. */
export function resultJson({ machine, options, seconds, rows, checks, partial = false }) {
  const { help, ...settings } = options;
  const checkOf = new Map((checks ?? []).map((result) => [result.row, result]));
  return {
    machine,
    settings,
    seconds,
    ...(partial && { partial }),
    rows: rows.map((row) => {
      const check = checkOf.get(row);
      return {
        figure: row.figure,
        target: row.target,
        goal: row.goal,
        verdict: row.verdict,
        ...row.values,
        ...(check && { check: { outcome: check.outcome, margin: check.margin, bound: check.bound, why: check.why } }),
      };
    }),
  };
}

export function writeResult(file, result) {
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}
