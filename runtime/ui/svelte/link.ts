/**
 * `<Link>` of `sdk/svelte`, typed: the compiler types a `.svelte` import loosely. Its own module,
 * apart from `<Form>`, so a layout that renders links does not put the form code in every page's
 * scripts.
 */
import type { Component } from "svelte";
import type { HTMLAnchorAttributes } from "svelte/elements";
import type { Href } from "../../pages/app-paths.js";
import LinkComponent from "./Link.svelte";

export interface LinkProps extends HTMLAnchorAttributes {
  /** A path of the app (checked against its pages and routes after `sdk prepare`) or an external URL. */
  href: Href;
  /** Fetch the target's code and data when the pointer enters the link or it gets focus; default true. */
  prefetch?: boolean;
}

/**
 * `<Link>`: a plain `<a>` whose target the router fetches ahead, on hover or focus. Clicks need no
 * handler: the router takes over clicks on same-origin links anywhere in the document.
 */
export const Link = LinkComponent as unknown as Component<LinkProps>;
