/** `<Form>` of `sdk/svelte`, typed: the compiler types a `.svelte` import loosely. */
import type { Component } from "svelte";
import type { HTMLFormAttributes } from "svelte/elements";
import type { FormState } from "./form.svelte.js";
import FormComponent from "./Form.svelte";

export interface FormProps extends Omit<HTMLFormAttributes, "method"> {
  /** The `useForm()` state this form reports to; without it, the form keeps its own. */
  form?: FormState<any, any>;
}

/** `<form method="post">`; `action` picks a named action (`action="?remove"`). */
export const Form = FormComponent as unknown as Component<FormProps>;
