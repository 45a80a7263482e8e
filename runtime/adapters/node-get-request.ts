/**
 * A GET request over Node's IncomingMessage that is a web `Request` to whoever reads it, built
 * only as far as it is read: `method`, `url` and `headers` come straight from the message, and
 * anything else (`signal`, `text()`, `clone()` ...) from a real Request made on first use.
 *
 * Node 20 loads its whole fetch implementation (undici, about 17 ms) the first time anything
 * reads the global `Request`, `Response` or `Headers`. Nothing here reads them before a request
 * needs one, so a server whose routes answer plain values never loads it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export class NodeGetRequest {
  readonly #incoming: IncomingMessage;
  readonly #outgoing: ServerResponse;
  readonly #host: string;
  #url: string | undefined;
  #headers: Headers | undefined;
  #request: Request | undefined;

  /** `host` and the message's target are already checked to need no normalising. */
  constructor(incoming: IncomingMessage, outgoing: ServerResponse, host: string) {
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

  /** The whole Request, aborted if the client goes away before the answer is written. */
  request(): Request {
    if (this.#request === undefined) {
      const controller = new AbortController();
      const outgoing = this.#outgoing;
      outgoing.once("close", () => {
        if (!outgoing.writableFinished) controller.abort();
      });
      this.#request = new Request(this.url, { method: "GET", headers: this.headers, signal: controller.signal });
    }
    return this.#request;
  }
}

/** The request as Hono's Context takes it. */
export function asRequest(request: NodeGetRequest): Request {
  return request as unknown as Request;
}

/** Request's members (Fetch standard) other than the three above, each read from the whole Request. */
const REQUEST_GETTERS = ["destination", "referrer", "referrerPolicy", "mode", "credentials", "cache", "redirect", "integrity", "keepalive", "isReloadNavigation", "isHistoryNavigation", "signal", "body", "bodyUsed", "duplex"];
const REQUEST_METHODS = ["clone", "arrayBuffer", "blob", "bytes", "formData", "json", "text"];

function delegate(name: string, method: boolean): void {
  if (Object.hasOwn(NodeGetRequest.prototype, name)) return;
  const read = (request: NodeGetRequest) => (request.request() as unknown as Record<string, unknown>)[name];
  Object.defineProperty(NodeGetRequest.prototype, name, {
    configurable: true,
    ...(method
      ? { value(this: NodeGetRequest, ...args: unknown[]) { return (read(this) as (...args: unknown[]) => unknown).apply(this.request(), args); } }
      : { get(this: NodeGetRequest) { return read(this); } }),
  });
}

for (const name of REQUEST_GETTERS) delegate(name, false);
for (const name of REQUEST_METHODS) delegate(name, true);

/**
 * Once the global Request exists, a NodeGetRequest is an `instanceof Request` (as the converting
 * path's requests are) and carries any member this runtime's Request has beyond the list above.
 */
function linkToRequest(request: typeof Request): void {
  for (const name of Object.getOwnPropertyNames(request.prototype)) {
    if (name === "constructor") continue;
    delegate(name, typeof Object.getOwnPropertyDescriptor(request.prototype, name)?.value === "function");
  }
  Object.setPrototypeOf(NodeGetRequest.prototype, request.prototype);
}

/** Links now if the global is already loaded, else as its lazy getter first runs. */
function linkWhenRequestLoads(): void {
  const lazy = Object.getOwnPropertyDescriptor(globalThis, "Request");
  if (lazy?.get === undefined || !lazy.configurable) return linkToRequest(globalThis.Request);
  const settle = (value: typeof Request) => Object.defineProperty(globalThis, "Request", { configurable: true, enumerable: lazy.enumerable, writable: true, value });
  Object.defineProperty(globalThis, "Request", {
    configurable: true,
    enumerable: lazy.enumerable,
    get() {
      const request = lazy.get!.call(globalThis) as typeof Request;
      settle(request);
      linkToRequest(request);
      return request;
    },
    set: settle,
  });
}

linkWhenRequestLoads();
