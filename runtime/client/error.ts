/** A route answered with a status outside 200-299. */
export class SdkFetchError extends Error {
  override readonly name = "SdkFetchError";
  readonly status: number;

  constructor(
    readonly method: string,
    readonly url: string,
    /** The answer; its body has been read into `body`. */
    readonly response: Response,
    /** The answer's body, parsed as `fetch` parses a successful one. */
    readonly body: unknown,
  ) {
    super(`${method} ${url} answered ${response.status}${detail(body)}`);
    this.status = response.status;
  }
}

/** The runtime's own error answers are `{ "error": "..." }`; their text makes the message useful. */
function detail(body: unknown): string {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === "string" ? `: ${error}` : "";
}
