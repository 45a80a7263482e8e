/**
 * `<Form>` and `useForm()`: a form posted to the page's action. Without JavaScript the browser
 * posts it and the server answers with a redirect, or with the page and its errors (422). With
 * JavaScript the router submits it and the result lands in the form's state; no reload.
 */
import { batch, createMemo, createSignal, mergeProps, splitProps, type JSX } from "solid-js";
import { createDynamic } from "solid-js/web";
import { postForm } from "../../pages/client/form-submit.js";
import type { ActionResult } from "../../pages/types.js";
import { requireRouter, usePageContext } from "./context.js";
import { callHandler } from "./event-handler.js";

/** Reactive, as Solid's props: read `form.pending` where it is used and it follows the submission. */
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

/** A result belongs to the URL it was submitted from, so a later page does not show it. */
interface Submission {
  readonly url: string;
  readonly result: ActionResult;
}

/**
 * The state of a form's last submission. Before any, it is the result the server rendered the
 * page with, so errors from a post made without JavaScript show the same way.
 */
export function useForm<Data = unknown, Errors = Record<string, string>>(): FormState<Data, Errors> {
  const { router, payload, url } = usePageContext();
  const [submission, setSubmission] = createSignal<Submission | null>(null);
  const [inFlight, setInFlight] = createSignal(0);
  const result = createMemo(() => {
    const last = submission();
    return last?.url === url() ? last.result : payload().action;
  });
  /** Only the latest submission's answer is shown; an earlier one answering later is stale. */
  let latest = 0;

  /**
   * After a success the form is reset, as it is when the browser posts it and loads the answer;
   * after a failure the user's input stays, for them to correct.
   */
  async function submitToAction(form: HTMLFormElement, submitter: HTMLElement | null | undefined): Promise<void> {
    const submittedFrom = url();
    const ticket = ++latest;
    setInFlight((count) => count + 1);
    let answer: ActionResult;
    try {
      answer = await requireRouter(router).submit(form, submitter, postForm);
    } catch (error) {
      setInFlight((count) => count - 1);
      throw error;
    }
    if (answer.status < 400) form.reset();
    batch(() => {
      setInFlight((count) => count - 1);
      if (ticket === latest) setSubmission({ url: submittedFrom, result: answer });
    });
  }

  return {
    get pending() {
      return inFlight() > 0;
    },
    get status() {
      return result()?.status;
    },
    get errors() {
      return result()?.errors as Errors | undefined;
    },
    get data() {
      return result()?.data as Data | undefined;
    },
    submit(form, submitter) {
      void submitToAction(form, submitter);
    },
  };
}

export interface FormProps extends Omit<JSX.FormHTMLAttributes<HTMLFormElement>, "method"> {
  /** The `useForm()` state this form reports to; without it, the form keeps its own. */
  form?: FormState<any, any>;
}

/** `<form method="post">`; `action` picks a named action (`action="?remove"`). */
export function Form(props: FormProps): JSX.Element {
  const [own, attributes] = splitProps(props, ["form", "onSubmit"]);
  const state = own.form ?? useForm();
  return createDynamic(
    () => "form",
    mergeProps(attributes, {
      method: "post" as const,
      onSubmit(event: SubmitEvent & { currentTarget: HTMLFormElement; target: Element }) {
        callHandler(own.onSubmit, event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        state.submit(event.currentTarget, event.submitter);
      },
    }),
  );
}
