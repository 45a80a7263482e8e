/**
 * Hono's Context, noting whether the handler changed what its answer would be built from: a
 * status, a header, or the response itself. An untouched context lets a server write a handler's
 * JSON value straight out; a touched one answers through `c.json()`, exactly as Hono would.
 */
import { Context } from "hono";

export type ContextOptions = NonNullable<ConstructorParameters<typeof Context>[1]>;

export class DirectContext extends Context {
  touched = false;

  constructor(request: Request, options: ContextOptions) {
    super(request, options);
    // Hono defines these as instance arrow functions, so they are wrapped, not overridden.
    const setStatus = this.status;
    const setHeader = this.header;
    this.status = (status) => {
      this.touched = true;
      setStatus(status);
    };
    this.header = ((name: string, value: string | undefined, options?: { append?: boolean }) => {
      this.touched = true;
      setHeader(name, value, options);
    }) as Context["header"];
  }

  override get res(): Response {
    this.touched = true;
    return super.res;
  }

  override set res(response: Response | undefined) {
    this.touched = true;
    super.res = response;
  }
}
