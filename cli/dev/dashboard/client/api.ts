/** The dashboard's calls to its API (`/__sdk/api/`), same-origin, JSON in and out. */

export const API = "/__sdk/api/";

export class ApiError extends Error {}

export async function getJson<T>(path: string): Promise<T> {
  return answer<T>(await fetch(`${API}${path}`, { headers: { accept: "application/json" } }));
}

export async function sendJson<T>(method: "POST" | "DELETE", path: string, body: unknown): Promise<T> {
  return answer<T>(await fetch(`${API}${path}`, { method, headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) }));
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new ApiError(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

/** Opens a file of the app in the editor, at a line. */
export function openFile(file: string, line?: number, column?: number): Promise<unknown> {
  return sendJson("POST", "open", { file, line, column });
}
