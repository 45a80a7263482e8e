/**
 * `<Form>` and `useForm()`: a form posted to the page's action. Without JavaScript the browser
 * posts it and the server answers with a redirect, or with the page and its errors (422). With
 * JavaScript the router submits it and the result lands in the form's state; no reload.
 */
import { createElement, startTransition, useActionState, type ComponentPropsWithRef, type ReactElement, type SubmitEvent } from "react";
import { postForm } from "../../pages/client/form-submit.js";
import type { ActionResult, RouterHandle } from "../../pages/types.js";
import { requireRouter, usePageContext } from "./context.js";

export interface FormState<Data = unknown, Errors = Record<string, string>> {
  /** True from submit until the action has answered. */
  readonly pending: boolean;
  /** The last answer's HTTP status; undefined before any. */
  readonly status?: number;
  /** The validation errors an action returned with 422. */
  readonly errors?: Errors;
  /** What the action returned, on success. */
  readonly data?: Data;
  /** Submits `form` through the router; `<Form form={state}>` calls it for you. */
  submit(form: HTMLFormElement, submitter?: HTMLElement | null): void;
}

interface SubmitRequest {
  readonly router: RouterHandle | null;
  readonly url: string;
  readonly form: HTMLFormElement;
  readonly submitter: HTMLElement | null | undefined;
}

/** A result belongs to the URL it was submitted from, so a later page does not show it. */
interface Submission {
  readonly url: string;
  readonly result: ActionResult;
}

/**
 * After a success the form is reset, as it is when the browser posts it and loads the answer;
 * after a failure the user's input stays, for them to correct.
 */
async function submitToAction(_previous: Submission | null, request: SubmitRequest): Promise<Submission> {
  const result = await requireRouter(request.router).submit(request.form, request.submitter, postForm);
  if (result.status < 400) request.form.reset();
  return { url: request.url, result };
}

/**
 * The state of a form's last submission. Before any, it is the result the server rendered the
 * page with, so errors from a post made without JavaScript show the same way.
 */
export function useForm<Data = unknown, Errors = Record<string, string>>(): FormState<Data, Errors> {
  const { router, payload, url } = usePageContext();
  const [submission, dispatch, pending] = useActionState(submitToAction, null);
  const result = submission?.url === url ? submission.result : payload.action;
  return {
    pending,
    status: result?.status,
    errors: result?.errors as Errors | undefined,
    data: result?.data as Data | undefined,
    submit: (form, submitter) => startTransition(() => dispatch({ router, url, form, submitter })),
  };
}

export interface FormProps extends Omit<ComponentPropsWithRef<"form">, "method"> {
  /** The `useForm()` state this form reports to; without it, the form keeps its own. */
  form?: FormState<any, any>;
}

/** `<form method="post">`; `action` picks a named action (`action="?remove"`). */
export function Form({ form, onSubmit, ...props }: FormProps): ReactElement {
  const own = useForm();
  const state = form ?? own;
  return createElement("form", {
    ...props,
    method: "post",
    onSubmit(event: SubmitEvent<HTMLFormElement>) {
      onSubmit?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      state.submit(event.currentTarget, event.nativeEvent.submitter);
    },
  });
}
