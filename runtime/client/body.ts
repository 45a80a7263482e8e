/** Request bodies out, response bodies in: JSON unless the caller or the server says otherwise. */

/** Bodies fetch sends as they are; anything else is sent as JSON. */
function isBodyInit(body: unknown): body is BodyInit {
  return (
    typeof body === "string" ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

/** The body to send; sets `content-type` for JSON unless the caller set one. */
export function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isBodyInit(body)) return body;
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return JSON.stringify(body);
}

/**
 * A body that is not JSON is returned as text. A failed answer's body is read even when it
 * does not parse, so the error still carries what the server said.
 */
export async function decodeBody(response: Response, method: string): Promise<unknown> {
  if (method === "HEAD" || response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!/[/+]json\b/i.test(response.headers.get("content-type") ?? "")) return text;
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (response.ok) throw error;
    return text;
  }
}
