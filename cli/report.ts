/** What the CLI prints: phase timings, output sizes and diagnostics, as Vite and Nitro print them. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { codeFrame, formatDiagnostic, sortDiagnostics, type Diagnostic } from "../compiler/diagnostics.js";
import type { OutputFile, PhaseReport } from "../build/pipeline.js";

const useColor = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
export const bold = paint(1);
export const dim = paint(2);
export const red = paint(31);
export const green = paint(32);
export const yellow = paint(33);
export const cyan = paint(36);

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(2)} kB`;
}

export function printPhase(phase: PhaseReport): void {
  console.log(`  ${green("✓")} ${phase.name.padEnd(9)} ${dim(`${phase.ms.toFixed(0)} ms`)}`);
}

export function printOutputs(outputs: OutputFile[]): void {
  const width = Math.max(...outputs.map((o) => o.file.length), 0);
  for (const output of outputs) {
    if (output.file.endsWith(".map")) continue;
    console.log(`  ${dim(output.file.padEnd(width))}  ${formatBytes(output.bytes).padStart(10)} ${dim(`│ gzip: ${formatBytes(output.gzipBytes)}`)}`);
  }
}

/** One line per diagnostic, on stderr; on a terminal, also the source lines around it. */
export function printDiagnostics(root: string, diagnostics: Diagnostic[]): void {
  for (const d of sortDiagnostics(diagnostics)) {
    const line = formatDiagnostic(d);
    console.error(d.severity === "error" ? red(line) : yellow(line));
    if (!process.stderr.isTTY || !d.file || d.line === undefined) continue;
    const file = path.join(root, d.file);
    if (existsSync(file)) console.error(dim(codeFrame(readFileSync(file, "utf8"), d.line, d.column ?? 1)));
  }
}
