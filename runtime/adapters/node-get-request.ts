/**
 * A GET request over Node's IncomingMessage that is a web `Request` to whoever reads it, built
 * only as far as it is read (request/lazy-request.ts): `method`, `url` and `headers` come straight
 * from the message, anything else from a real Request made on first use, aborted if the client
 * goes away before the answer is written.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { LazyRequest } from "../request/lazy-request.js";

export class NodeGetRequest extends LazyRequest {
  readonly #incoming: IncomingMessage;
  readonly #outgoing: ServerResponse;
  readonly #host: string;
  #url: string | undefined;
  #headers: Headers | undefined;

  /** `host` and the message's target are already checked to need no normalising. */
  constructor(incoming: IncomingMessage, outgoing: ServerResponse, host: string) {
    super();
    this.#incoming = incoming;
    this.#outgoing = outgoing;
    this.#host = host;
  }

  get method(): string {
    return "GET";
  }

  get url(): string {
    this.#url ??= `http://${this.#host}${this.#incoming.url}`;
    return this.#url;
  }

  get headers(): Headers {
    if (this.#headers === undefined) {
      const headers = new Headers();
      const raw = this.#incoming.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
      this.#headers = headers;
    }
    return this.#headers;
  }

  protected createRequest(): Request {
    const controller = new AbortController();
    const outgoing = this.#outgoing;
    outgoing.once("close", () => {
      if (!outgoing.writableFinished) controller.abort();
    });
    return new Request(this.url, { method: "GET", headers: this.headers, signal: controller.signal });
  }
}
