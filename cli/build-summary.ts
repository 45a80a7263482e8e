/**
 * The build report's lines in `sdk build`'s summary: where the report is, the largest modules, and
 * how each bundle's size moved since the last build of the same target.
 */
import path from "node:path";
import { largestModules, type ReportData } from "../build/report/data.js";
import type { LastBuild } from "./last-build.js";
import { dim, formatBytes } from "./report.js";

const LARGEST = 5;

export function summaryLines(root: string, report: ReportData, treemap: string | null, previous: LastBuild | null): string[] {
  const lines = [`${dim("largest modules:")}`];
  const largest = largestModules(report, LARGEST);
  const width = Math.max(...largest.map((module) => module.id.length), 0);
  for (const module of largest) {
    lines.push(`  ${module.id.padEnd(width)}  ${formatBytes(module.bytes).padStart(10)} ${dim(`│ gzip: ${formatBytes(module.gzipBytes)} │ ${module.bundle}`)}`);
  }
  const growth = growthSince(report, previous);
  if (growth) lines.push(`${dim("since the last build:")} ${growth}`);
  const reportFile = path.join(".sdk", "report", "report.json");
  lines.push(
    treemap
      ? `${dim("report:")} ${path.relative(root, treemap)} ${dim(`(data: ${reportFile})`)}`
      : `${dim("report:")} ${reportFile} ${dim("(sdk build --report draws its treemap, .sdk/report/index.html)")}`,
  );
  return lines;
}

/** "server +3.20 kB, client -120 B"; "unchanged"; null without a comparable last build. */
export function growthSince(report: ReportData, previous: LastBuild | null): string | null {
  if (!previous?.bundles || previous.target !== report.target) return null;
  const changes = report.bundles.flatMap((bundle) => {
    const before = previous.bundles?.[bundle.name];
    const delta = bundle.bytes - (before?.bytes ?? 0);
    if (delta === 0) return [];
    return [`${bundle.name} ${delta > 0 ? "+" : "-"}${formatBytes(Math.abs(delta))}`];
  });
  return changes.length ? changes.join(", ") : "unchanged";
}
