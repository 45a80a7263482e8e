/** The body of a JSON answer; undefined for any other answer (an HTML error page, a proxy's reply). */
export async function readJson(response: Response): Promise<unknown> {
  if (!response.headers.get("content-type")?.includes("json")) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
