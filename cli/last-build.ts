/**
 * What the last build wrote: its target, so `sdk preview` knows how to start dist/, and each
 * bundle's size, so the next build can say what grew. Kept in .sdk/, not in dist/.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BundleName, ReportData } from "../build/report/data.js";
import type { Target } from "../compiler/ir.js";

export interface LastBuild {
  target: Target;
  /** Absent in a file written before bundles were recorded. */
  bundles?: Partial<Record<BundleName, { bytes: number; gzipBytes: number }>>;
}

const file = (root: string) => path.join(root, ".sdk", "last-build.json");

export function writeLastBuild(root: string, report: ReportData): void {
  const bundles = Object.fromEntries(report.bundles.map((bundle) => [bundle.name, { bytes: bundle.bytes, gzipBytes: bundle.gzipBytes }]));
  mkdirSync(path.dirname(file(root)), { recursive: true });
  writeFileSync(file(root), `${JSON.stringify({ target: report.target, bundles } satisfies LastBuild, null, 2)}\n`);
}

/** The last build's record, or null when there is none (or .sdk/ holds something unreadable). */
export function readLastBuildRecord(root: string): LastBuild | null {
  if (!existsSync(file(root))) return null;
  try {
    return JSON.parse(readFileSync(file(root), "utf8")) as LastBuild;
  } catch {
    return null;
  }
}

export function readLastBuild(root: string): Target | null {
  return readLastBuildRecord(root)?.target ?? null;
}
