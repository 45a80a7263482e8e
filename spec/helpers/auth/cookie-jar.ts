/**
 * What a browser does with cookies, as much as the auth tests need: keeps what responses set,
 * forgets what they expire, and sends the rest back. One jar per site; redirects are followed by
 * the test, one hop at a time, so each response's cookies are seen.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response. */
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute)) || pair.slice(at + 1) === "";
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(at + 1));
    }
  }

  /** The Cookie header to send, or none. */
  header(): Record<string, string> {
    return this.#cookies.size ? { cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {};
  }

  /** Whether a cookie whose name ends with `suffix` is held (`.session_token`, `.state`). */
  has(suffix: string): boolean {
    return [...this.#cookies.keys()].some((name) => name.endsWith(suffix));
  }

  /** A GET as a browser navigates: the jar's cookies sent, the response's taken, no redirect followed. */
  async navigate(url: string): Promise<Response> {
    const response = await fetch(url, { headers: { accept: "text/html", ...this.header() }, redirect: "manual" });
    this.take(response);
    return response;
  }
}
