/**
 * A bundler's error message as a diagnostic says it: its first line, without Rolldown's colours
 * and `[CODE]` prefix (its code frame follows on the next lines) or Rollup's `[plugin name]`.
 */
const ANSI_ESCAPE = /\u001b\[[0-9;]*m/g;
const ROLLDOWN_CODE_PREFIX = /^\[[A-Z_]+\]\s*/;
const ROLLUP_PLUGIN_PREFIX = /^\[plugin [^\]]+\]\s*/;

export function plainMessage(err: { message?: string }): string {
  const firstLine = (err.message ?? "bundling failed").replace(ANSI_ESCAPE, "").split("\n")[0]!;
  return firstLine.replace(ROLLDOWN_CODE_PREFIX, "").replace(ROLLUP_PLUGIN_PREFIX, "");
}
