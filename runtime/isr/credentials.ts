/**
 * What ISR needs to know about a client's credentials (`Cookie`, `Authorization`): whether a
 * request carries them, whether a render looked at them, and a request without them for the
 * renders nobody in particular asked for (background refreshes).
 *
 * A render that never reads a credential header cannot have made its answer for one client, so its
 * answer may be shared; one that reads them, when they are present, made it for that client alone.
 * Reads are seen through the request's `headers`, which every way a handler has of reaching them
 * goes through (`c.req.header()`, Hono's `getCookie()`, better-auth's session lookup, iteration).
 */

const CREDENTIAL_HEADERS: readonly string[] = ["authorization", "cookie"];

export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.includes(name.toLowerCase());
}

/** Whether the request carries a credential header with a value. */
export function carriesCredentials(headers: Headers): boolean {
  return CREDENTIAL_HEADERS.some((name) => (headers.get(name) ?? "") !== "");
}

/** A copy of `headers` without the credential headers. */
export function withoutCredentials(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of CREDENTIAL_HEADERS) copy.delete(name);
  return copy;
}

export interface CredentialWatch {
  /** The GET to render, its header reads watched. */
  readonly request: Request;
  /** Its headers, unwatched: what ISR itself reads of them does not count. */
  readonly headers: Headers;
  /** Whether the render has read a credential header so far (present or not), or every header. */
  readonly consulted: () => boolean;
}

/**
 * A GET of `url` with `headers`, for ISR to render. It is not tied to the client's body or abort
 * signal: the answer is for the store too, so a client that leaves does not cut it short.
 */
export function watchCredentialReads(url: string, headers: Headers): CredentialWatch {
  let consulted = false;
  const request = new Request(url, { headers });
  // A Request's `headers` is an accessor on its prototype; an own property takes its place for
  // this one request, on every runtime, while the request keeps its real headers for fetch().
  Object.defineProperty(request, "headers", { value: new ReadWatchingHeaders(headers, () => (consulted = true)), enumerable: true });
  return { request, headers, consulted: () => consulted };
}

class ReadWatchingHeaders extends Headers {
  readonly #onCredentialRead: () => void;

  constructor(init: Headers, onCredentialRead: () => void) {
    super(init);
    this.#onCredentialRead = onCredentialRead;
  }

  override get(name: string): string | null {
    if (isCredentialHeader(name)) this.#onCredentialRead();
    return super.get(name);
  }

  override has(name: string): boolean {
    if (isCredentialHeader(name)) this.#onCredentialRead();
    return super.has(name);
  }

  /** Every way of listing the headers hands over the credentials too. */
  override forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    this.#onCredentialRead();
    super.forEach(callback, thisArg);
  }

  override entries(): HeadersIterator<[string, string]> {
    this.#onCredentialRead();
    return super.entries();
  }

  override values(): HeadersIterator<string> {
    this.#onCredentialRead();
    return super.values();
  }

  override [Symbol.iterator](): HeadersIterator<[string, string]> {
    this.#onCredentialRead();
    return super[Symbol.iterator]();
  }
}
