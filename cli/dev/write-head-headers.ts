/**
 * The headers a `writeHead` call passes, whatever its form: `(status)`, `(status, message)`,
 * `(status, headers)` or `(status, message, headers)`, the headers an object or Node's raw list
 * of names and values. Read by the dev server's middlewares that wrap `writeHead`.
 */
export type HeaderEntry = [name: string, value: string | string[]];

export function writeHeadHeaders(args: readonly unknown[]): HeaderEntry[] {
  const headers = args.find((arg) => typeof arg === "object" && arg !== null);
  if (headers === undefined) return [];
  if (!Array.isArray(headers)) return Object.entries(headers as Record<string, unknown>).map(([name, value]) => [name, Array.isArray(value) ? value.map(String) : String(value)]);
  const flat = (headers as unknown[]).flat().map(String);
  const entries: HeaderEntry[] = [];
  for (let index = 0; index + 1 < flat.length; index += 2) entries.push([flat[index]!, flat[index + 1]!]);
  return entries;
}
