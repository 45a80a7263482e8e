// Medians, spreads and the arrangement that spreads machine noise fairly over a target and its baselines.

export function median(values) {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank percentile: the smallest value with at least `fraction` of the values at or below it. */
export function percentile(values, fraction) {
  if (values.length === 0) throw new Error("percentile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
}

/** Median and range of a sample, so a reader sees how far to trust the median. */
export function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}

/**
 * Runs `measure(candidate)` `runs` times per candidate, interleaved (A B C, B C A, C A B, ...),
 * so a burst of load from elsewhere on the machine lands on every candidate alike.
 * Returns every candidate's samples, keyed by its `name`.
 */
export async function interleavedSamples(candidates, runs, measure) {
  const samples = new Map(candidates.map((candidate) => [candidate.name, []]));
  for (let run = 0; run < runs; run++) {
    for (let offset = 0; offset < candidates.length; offset++) {
      const candidate = candidates[(run + offset) % candidates.length];
      samples.get(candidate.name).push(await measure(candidate));
    }
  }
  return Object.fromEntries(samples);
}

/** `interleavedSamples` reduced to each candidate's median. */
export async function interleavedMedians(candidates, runs, measure) {
  const samples = await interleavedSamples(candidates, runs, measure);
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}
