/**
 * Diagnostics: how every user mistake is reported. A diagnostic names a stable code, where the
 * mistake is (file:line:column, and for a config value its path such as
 * `routing.redirects["/old"].status`), the rule it breaks and how to fix it. User mistakes are
 * never reported as stack traces.
 */

export type Severity = "error" | "warning";

export interface Diagnostic {
  /** Stable identifier, e.g. `SDK_ROUTE_CONFLICT`. Documented in docs/pages/diagnostics.md. */
  code: string;
  severity: Severity;
  /** One sentence: what is wrong, as the rule sees it. */
  message: string;
  /** Project-relative POSIX path of the file at fault. */
  file?: string;
  line?: number;
  column?: number;
  /** For config errors: the path inside the config object; the text form always prints it. */
  configPath?: string;
  /** What to do about it. */
  hint?: string;
}

/** Thrown for a user mistake that stops the current command. The CLI prints, exits 1. */
export class UserError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join("\n"));
    this.name = "UserError";
    this.diagnostics = diagnostics;
  }
}

export function error(code: string, message: string, where: Omit<Diagnostic, "code" | "message" | "severity"> = {}): Diagnostic {
  return { code, severity: "error", message, ...where };
}

export function warning(code: string, message: string, where: Omit<Diagnostic, "code" | "message" | "severity"> = {}): Diagnostic {
  return { code, severity: "warning", message, ...where };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/**
 * A mistake in a config value, said of the value's path so every rendering of it, text or JSON,
 * names the path: `worker.limits.cpu_ms must be an integer from 1 to 300000, got 0`. `predicate`
 * completes that sentence; the empty path is the whole config.
 */
export function configError(
  code: string,
  configPath: string,
  predicate: string,
  where: Omit<Diagnostic, "code" | "message" | "severity" | "configPath"> = {},
): Diagnostic {
  return error(code, `${configPath || "the config"} ${predicate}`, { ...where, ...(configPath ? { configPath } : {}) });
}

/**
 * `file:line:col` or `file`, followed by the config path unless the message already opens with
 * it: the path is printed once, whichever of the two carries it.
 */
export function formatLocation(d: Diagnostic): string {
  const position = d.file && d.line !== undefined ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file ?? "";
  const configPath = d.configPath && !opensWithConfigPath(d) ? d.configPath : "";
  if (position && configPath) return `${position} ${configPath}`;
  if (configPath) return `config ${configPath}`;
  return position;
}

function opensWithConfigPath(d: Diagnostic): boolean {
  return d.configPath !== undefined && (d.message === d.configPath || d.message.startsWith(`${d.configPath} `));
}

/** The one-line form: `error SDK_X sdk.config.ts:5:23: worker.limits.cpu_ms must be … Hint: …`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = formatLocation(d);
  const hint = d.hint ? ` Hint: ${d.hint}` : "";
  return `${d.severity} ${d.code}${where ? ` ${where}` : ""}: ${d.message}${hint}`;
}

/** Source excerpt around a line, with a caret under the column, for terminals. */
export function codeFrame(source: string, line: number, column: number, context = 2): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? ">" : " ";
    out.push(`${marker} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1))}^`);
  }
  return out.join("\n");
}

/** Sort for stable output: errors first, then by file, line, column, code. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) ||
      (a.file ?? "").localeCompare(b.file ?? "") ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.code.localeCompare(b.code),
  );
}
