/**
 * How the app tells the routing layer "no route matched this path": a header on its own 404,
 * which the layer removes. A handler's deliberate 404 carries no mark, so fallbacks and the
 * not-found policy only ever replace the app's "nothing here".
 */
export const UNMATCHED_HEADER = "x-sdk-unmatched";

export function isUnmatched(response: Response): boolean {
  return response.status === 404 && response.headers.has(UNMATCHED_HEADER);
}

/** The mark never reaches a client. */
export function clearUnmatched(response: Response): Response {
  if (response.status === 404 && response.headers.has(UNMATCHED_HEADER)) response.headers.delete(UNMATCHED_HEADER);
  return response;
}
