/** What `sdk dev` prints: one line per event, timestamped as Vite's own lines are. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { codeFrame, type Diagnostic } from "../../compiler/diagnostics.js";
import { cyan, dim, printDiagnostics, red } from "../report.js";

export interface DevLog {
  info(message: string): void;
  /** A reload or regeneration, with how long it took. */
  update(message: string, ms: number): void;
  diagnostics(diagnostics: Diagnostic[]): void;
  /** A module that failed to load: located, one line, then the code frame. */
  moduleError(error: Error): void;
}

const time = () => dim(new Date().toLocaleTimeString("en-GB", { hour12: false }));
const tag = cyan("[sdk]");

export function consoleDevLog(root: string): DevLog {
  return {
    info: (message) => console.log(`${time()} ${tag} ${message}`),
    update: (message, ms) => console.log(`${time()} ${tag} ${message} ${dim(`${ms.toFixed(0)} ms`)}`),
    diagnostics: (diagnostics) => printDiagnostics(root, diagnostics),
    moduleError(error) {
      const { loc, frame } = error as Error & { loc?: { file?: string; line: number; column: number }; frame?: string };
      const file = loc?.file ?? (error as Error & { id?: string }).id;
      const where = file ? `${path.relative(root, file)}${loc ? `:${loc.line}:${loc.column}` : ""}: ` : "";
      console.error(`${time()} ${tag} ${red(`${where}${firstLine(error.message)}`)}`);
      const shown = frame ?? (file && loc && existsSync(file) ? codeFrame(readFileSync(file, "utf8"), loc.line, loc.column + 1) : undefined);
      if (shown) console.error(dim(shown));
      console.error(dim("  the last good version is still served; save a fix to reload"));
    },
  };
}

function firstLine(message: string): string {
  return message.split("\n")[0]!;
}
