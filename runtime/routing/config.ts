/**
 * The part of `sdk.config.ts` the server reads at run time: `routing`, resolved at build time
 * (`notFound` inferred, `isr` defaulted) and embedded in the generated `routing.ts`.
 */
export type NotFoundHandling = "single-page-application" | "404-page" | "none";

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

export interface RuntimeRouting {
  readonly headers?: Readonly<Record<string, readonly string[]>>;
  readonly redirects?: Readonly<Record<string, string | { readonly to: string; readonly status?: RedirectStatus }>>;
  readonly rewrites?: Readonly<Record<string, string>>;
  readonly fallbacks?: Readonly<Record<string, string>>;
  readonly notFound: NotFoundHandling;
  /** False turns every ISR rule off. */
  readonly isr: boolean;
  readonly revalidate?: Readonly<Record<string, number>>;
  readonly revalidateQueryAllowlist?: Readonly<Record<string, readonly string[]>>;
  /** URL paths of every `404.html` asset, for `404-page`: the nearest one answers. */
  readonly notFoundPages?: readonly string[];
  /**
   * Exact URL paths prerendered by the running app instead of the build (their pages read
   * bindings or secrets): ISR keeps each one's first answer until the next build, unless a
   * `revalidate` rule gives the path a TTL of its own.
   */
  readonly prerendered?: readonly string[];
}
