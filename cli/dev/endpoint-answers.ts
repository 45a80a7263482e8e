/**
 * How the dev server's own endpoints (/__sdk/...) answer: HTML for a browser, JSON for curl and
 * scripts, never cached.
 */
import type { ServerResponse } from "node:http";

/** A browser asks for HTML first; curl and fetch() take anything and get JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  const html = accept?.indexOf("text/html") ?? -1;
  const json = accept?.indexOf("application/json") ?? -1;
  return html !== -1 && (json === -1 || html < json);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, "application/json", `${JSON.stringify(body, null, 2)}\n`, headers);
}

export function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", ...headers });
  res.end(body);
}
