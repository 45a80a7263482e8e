/**
 * Reads the `Server-Timing` header sdk dev's app answers (runtime/dev/timing.ts): `mw` metrics
 * are middleware, `route` the route's handler, each with its file as `desc`. Other metrics (an
 * app's own, a proxy's) are left out; at most MAX_STEPS are kept, so an app that answers a huge
 * header cannot grow the requests log.
 */
import type { StepTiming } from "./activity.js";

const MAX_STEPS = 64;
const METRIC = /^\s*(mw|route)\s*(;.*)?$/s;
const PARAM = /;\s*(desc|dur)\s*=\s*("(?:[^"\\]|\\.)*"|[^;,\s]*)/g;

export function parseServerTiming(header: string | readonly string[] | number | undefined): StepTiming[] {
  if (header === undefined || typeof header === "number") return [];
  const steps: StepTiming[] = [];
  for (const metric of splitMetrics(typeof header === "string" ? header : header.join(","))) {
    const matched = METRIC.exec(metric);
    if (!matched || steps.length >= MAX_STEPS) continue;
    let file = "";
    let ms = Number.NaN;
    for (const [, name, raw] of (matched[2] ?? "").matchAll(PARAM)) {
      const value = raw!.startsWith('"') ? raw!.slice(1, -1).replace(/\\(.)/g, "$1") : raw!;
      if (name === "desc") file = value;
      else ms = Number(value);
    }
    if (file && Number.isFinite(ms) && ms >= 0) steps.push({ kind: matched[1] === "mw" ? "middleware" : "route", file, ms });
  }
  return steps;
}

/** Metrics split at the commas outside quotes. */
function splitMetrics(header: string): string[] {
  return header.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? [];
}
