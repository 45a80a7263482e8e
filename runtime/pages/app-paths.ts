/**
 * The types that make `<Link href>`, `navigate()` and `useParams()` know the app's pages. Untyped
 * (`string`, a string record) until `sdk prepare` fills `Register` for the app by module
 * augmentation (.sdk/types/pages.d.ts), as Next.js's typedRoutes and TanStack Router's `Register`
 * do: an app that never runs prepare type-checks as before. Each UI module re-exports these, and
 * prepare augments the app's own library (`declare module "sdk/react" { interface Register … }`),
 * which merges here, so the four libraries share one declaration.
 */
import type { RouterHandle } from "./types.js";

/**
 * The app's pages and routes, written by `sdk prepare`:
 * `{ paths: "/" | "/about"; patterns: \`/blog/${string}\`; pages: { "/blog/[slug]": { slug: string } } }`.
 * `paths` holds the path of each page and GET route without parameters, `patterns` the others, a
 * parameter or catch-all as `${string}`; `pages` each page's route id (its path under pages/ with
 * the brackets, without groups) and params.
 */
export interface Register {}

type Registered<Key extends string, Untyped> = Register extends { readonly [K in Key]: infer Value } ? Value : Untyped;

type UntypedParams = Readonly<Record<string, string>>;

/**
 * A path some page or route answers, with any query string or hash after it; `string` before
 * prepare. A pattern's `${string}` already takes any suffix, so only the fixed paths get the
 * suffixed forms: at 1000 routes a third fewer union members for every link to check against.
 */
export type AppPath = Registered<"paths", string> extends infer Path extends string
  ? Path | `${Path}?${string}` | `${Path}#${string}` | Registered<"patterns", string> | `?${string}` | `#${string}`
  : never;

/** A URL outside the app, which a link may point at and the router leaves to the browser. */
export type ExternalUrl = `${"http" | "https"}://${string}` | `//${string}` | `mailto:${string}` | `tel:${string}`;

/** What `<Link href>` takes: a path of the app or an external URL. */
export type Href = AppPath | ExternalUrl;

/** The route ids of the app's pages (`"/blog/[slug]"`); `string` before prepare. */
export type PageRoute = keyof Registered<"pages", Record<string, UntypedParams>> & string;

/**
 * What `useParams<Route>()` returns: for a route id (`"/blog/[slug]"`) that page's params after
 * prepare (a string record before); for a params type (`useParams<{ slug: string }>()`, the form
 * from before typed routes) that type as it is.
 */
export type ParamsOf<Route> = Route extends string
  ? Registered<"pages", Record<string, UntypedParams>>[Route & PageRoute]
  : Route;

/** The router as pages see it: navigation and prefetch take a path of the app. */
export interface Router {
  navigate(url: AppPath, options?: Parameters<RouterHandle["navigate"]>[1]): Promise<void>;
  reload(): Promise<void>;
  prefetch(url: AppPath): void;
}
