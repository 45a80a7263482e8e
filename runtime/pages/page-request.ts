/**
 * The request a page's loader and `head()` see on its data URL: the page's own URL, with the
 * data request's method, headers and signal. It is a web `Request` built only as far as it is
 * read (request/lazy-request.ts): building one for every data request took a seventh of the
 * request's CPU time on node, and most loaders read only the URL, a parameter or a header.
 */
import { LazyRequest } from "../request/lazy-request.js";

export class PageRequest extends LazyRequest {
  readonly #source: Request;
  readonly #url: string;

  /** `source` is the data URL's request, `url` the page's. */
  constructor(source: Request, url: string) {
    super();
    this.#source = source;
    this.#url = url;
  }

  get method(): string {
    return this.#source.method;
  }

  get url(): string {
    return this.#url;
  }

  get headers(): Headers {
    return this.#source.headers;
  }

  protected createRequest(): Request {
    const source = this.#source;
    return new Request(this.#url, { method: source.method, headers: source.headers, signal: source.signal });
  }
}
