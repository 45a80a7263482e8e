/**
 * A web `Request` to whoever reads it, built only as far as it is read: a subclass gives
 * `method`, `url` and `headers` from what it already holds, and anything else (`signal`,
 * `text()`, `clone()` ...) comes from a real Request it makes on first use (`createRequest`).
 * node's direct path presents an IncomingMessage this way (adapters/node-get-request.ts), and a
 * page's data URL presents the page's own request (pages/page-request.ts).
 *
 * Node 20 loads its whole fetch implementation (undici, about 17 ms) the first time anything
 * reads the global `Request`, `Response` or `Headers`. Nothing here reads them before a member
 * needs the real Request, so a server whose routes answer plain values never loads it.
 */
export abstract class LazyRequest {
  #whole: Request | undefined;

  abstract get method(): string;
  abstract get url(): string;
  abstract get headers(): Headers;
  protected abstract createRequest(): Request;

  /** The whole Request, made on first use. */
  request(): Request {
    this.#whole ??= this.createRequest();
    return this.#whole;
  }
}

/** The request as Hono's Context takes it. */
export function asRequest(request: LazyRequest): Request {
  return request as unknown as Request;
}

/** Request's members (Fetch standard) other than the three above, each read from the whole Request. */
const REQUEST_GETTERS = ["destination", "referrer", "referrerPolicy", "mode", "credentials", "cache", "redirect", "integrity", "keepalive", "isReloadNavigation", "isHistoryNavigation", "signal", "body", "bodyUsed", "duplex"];
const REQUEST_METHODS = ["clone", "arrayBuffer", "blob", "bytes", "formData", "json", "text"];
const OWN_MEMBERS = ["method", "url", "headers"];

function delegate(name: string, method: boolean): void {
  if (OWN_MEMBERS.includes(name) || Object.hasOwn(LazyRequest.prototype, name)) return;
  const read = (request: LazyRequest) => (request.request() as unknown as Record<string, unknown>)[name];
  Object.defineProperty(LazyRequest.prototype, name, {
    configurable: true,
    ...(method
      ? { value(this: LazyRequest, ...args: unknown[]) { return (read(this) as (...args: unknown[]) => unknown).apply(this.request(), args); } }
      : { get(this: LazyRequest) { return read(this); } }),
  });
}

for (const name of REQUEST_GETTERS) delegate(name, false);
for (const name of REQUEST_METHODS) delegate(name, true);

/**
 * Once the global Request exists, a LazyRequest is an `instanceof Request` (as the converting
 * path's requests are) and carries any member this runtime's Request has beyond the list above.
 */
function linkToRequest(request: typeof Request): void {
  for (const name of Object.getOwnPropertyNames(request.prototype)) {
    if (name === "constructor") continue;
    delegate(name, typeof Object.getOwnPropertyDescriptor(request.prototype, name)?.value === "function");
  }
  Object.setPrototypeOf(LazyRequest.prototype, request.prototype);
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
