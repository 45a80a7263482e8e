/** The components of `sdk/svelte`, typed: the compiler types a `.svelte` import loosely. */
import type { Component } from "svelte";
import type { HTMLAnchorAttributes, HTMLFormAttributes } from "svelte/elements";
import type { FormState } from "./form.svelte.js";
import FormComponent from "./Form.svelte";
import LinkComponent from "./Link.svelte";

export interface LinkProps extends HTMLAnchorAttributes {
  href: string;
  /** Fetch the target's code and data when the pointer enters the link or it gets focus; default true. */
  prefetch?: boolean;
}

export interface FormProps extends Omit<HTMLFormAttributes, "method"> {
  /** The `useForm()` state this form reports to; without it, the form keeps its own. */
  form?: FormState<any, any>;
}

/**
 * `<Link>`: a plain `<a>` whose target the router fetches ahead, on hover or focus. Clicks need no
 * handler: the router takes over clicks on same-origin links anywhere in the document.
 */
export const Link = LinkComponent as unknown as Component<LinkProps>;

/** `<form method="post">`; `action` picks a named action (`action="?remove"`). */
export const Form = FormComponent as unknown as Component<FormProps>;
