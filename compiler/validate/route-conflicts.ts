/**
 * Two route files answering the same method at the same URL shape. Parameter names do not
 * matter (`[id]` and `[slug]` match the same URLs) and `(group)` directories are already gone
 * from the pattern. A WebSocket route claims GET, since the upgrade is a GET request; a page
 * claims GET, and POST when it has actions.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR, HttpMethod, SourceLocation } from "../ir.js";
import { canonicalPattern } from "../scan/filenames.js";
import { compareCodeUnits } from "../scan/files.js";

interface Claim {
  pattern: string;
  method: HttpMethod;
  loc: SourceLocation;
}

export function validateRouteConflicts(ir: AppIR): Diagnostic[] {
  const claims = new Map<string, Claim[]>();
  const claim = (key: string, entry: Claim) => claims.set(key, [...(claims.get(key) ?? []), entry]);
  for (const route of ir.routes) {
    for (const { method, loc } of route.methods) claim(`${method} ${canonicalPattern(route.segments)}`, { pattern: route.pattern, method, loc });
  }
  for (const page of ir.pages) {
    for (const method of page.methods) claim(`${method} ${canonicalPattern(page.segments)}`, { pattern: page.pattern, method, loc: { file: page.file, line: 1, column: 1 } });
  }
  for (const ws of ir.jobs.websockets) {
    claim(`GET ${canonicalPattern(ws.segments)}`, { pattern: ws.pattern, method: "GET", loc: { file: ws.file, line: 1, column: 1 } });
  }

  const diagnostics: Diagnostic[] = [];
  for (const entries of claims.values()) {
    const [first, ...others] = [...entries].sort((a, b) => compareCodeUnits(a.loc.file, b.loc.file));
    for (const other of others) {
      diagnostics.push(
        error("SDK_ROUTE_CONFLICT", `${other.method} ${other.pattern} in ${other.loc.file} is also defined by ${first.loc.file} (${first.method} ${first.pattern}).`, {
          ...other.loc,
          hint: `Keep one handler for ${other.method} at this URL: remove or rename one of ${first.loc.file} and ${other.loc.file}.`,
        }),
      );
    }
  }
  return diagnostics;
}
