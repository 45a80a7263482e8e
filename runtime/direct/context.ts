/**
 * The context a route runs with on the direct path: Hono's Context, made only when the handler
 * asks for more than its request. A JSON route reads `c.req` and returns a value, and for it
 * nothing else is built: Hono's constructor makes its 15 methods as closures on every request,
 * about 0.9 KB of what a node server allocated per direct request. Every member other than `req`,
 * `env` and `error` is the real Context's, made on first use with the same request and options,
 * so it behaves exactly as Hono's does; its methods are Hono's own arrow functions, so they may be
 * destructured (`({ json }) => json(...)`) as in any Hono handler.
 *
 * `touched` says whether the handler changed what its answer would be built from: a status, a
 * header, or the response itself. An untouched context lets a server write a handler's JSON value
 * straight out; a touched one answers through `c.json()`, exactly as Hono would.
 */
import { Context } from "hono";
import { HonoRequest } from "hono/request";

export type ContextOptions = NonNullable<ConstructorParameters<typeof Context>[1]>;

/** Members read from the real Context as they are; reading them changes nothing about the answer. */
const HONO_MEMBERS = ["body", "text", "json", "html", "redirect", "newResponse", "notFound", "render", "setRenderer", "setLayout", "getLayout", "set", "get", "executionCtx", "event"] as const;
/** Members through which a handler changes the answer its returned value becomes. */
const ANSWER_MEMBERS = ["status", "header"] as const;

export class DirectContext {
  touched = false;
  readonly env: unknown;
  error: Error | undefined = undefined;
  readonly #request: Request;
  readonly #options: ContextOptions;
  #req: HonoRequest | undefined;
  #context: Context | undefined;

  constructor(request: Request, options: ContextOptions) {
    this.#request = request;
    this.#options = options;
    this.env = options.env;
  }

  /** Built as Hono's Context builds it; the real Context, if made, never reads its own. */
  get req(): HonoRequest {
    this.#req ??= new HonoRequest(this.#request, this.#options.path, this.#options.matchResult);
    return this.#req;
  }

  /** Hono's Context for this request, made on first use. */
  hono(): Context {
    this.#context ??= new Context(this.#request, this.#options);
    return this.#context;
  }

  get res(): Response {
    this.touched = true;
    return this.hono().res;
  }

  set res(response: Response | undefined) {
    this.touched = true;
    this.hono().res = response;
  }

  get finalized(): boolean {
    return this.#context?.finalized ?? false;
  }

  set finalized(finalized: boolean) {
    this.hono().finalized = finalized;
  }

  /** As Hono's: the variables set so far, none before the first `set()`. */
  get var(): Readonly<Record<string, unknown>> {
    return this.#context?.var ?? {};
  }

  /** The context as a route's function takes it: every member of Hono's Context is here. */
  asContext(): Context {
    return this as unknown as Context;
  }

  static {
    for (const name of HONO_MEMBERS) {
      Object.defineProperty(this.prototype, name, {
        configurable: true,
        get(this: DirectContext) {
          return this.hono()[name];
        },
      });
    }
    for (const name of ANSWER_MEMBERS) {
      Object.defineProperty(this.prototype, name, {
        configurable: true,
        get(this: DirectContext) {
          this.touched = true;
          return this.hono()[name];
        },
      });
    }
  }
}
