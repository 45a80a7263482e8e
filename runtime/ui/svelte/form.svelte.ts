/**
 * `useForm()`: the state of a form posted to the page's action. Without JavaScript the browser
 * posts it and the server answers with a redirect, or with the page and its errors (422). With
 * JavaScript `<Form>` submits it through the router and the answer lands here; no reload.
 */
import { postForm } from "../../pages/client/form-submit.js";
import type { ActionResult } from "../../pages/types.js";
import { requireRouter, usePageContext } from "./context.js";

export interface FormState<Data = unknown, Errors = Record<string, string>> {
  /** True from submit until the action has answered (and the page shows its new data). */
  readonly pending: boolean;
  /** The last answer's HTTP status; undefined before any. */
  readonly status?: number;
  /** The validation errors an action returned with 422. */
  readonly errors?: Errors;
  /** What the action returned, on success. */
  readonly data?: Data;
  /** Submits `form` through the router; `<Form form={state}>` calls it for you. */
  submit(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<void>;
}

/** A result belongs to the URL it was submitted from, so a later page does not show it. */
interface Submission {
  readonly url: string;
  readonly result: ActionResult;
}

/**
 * Call it in a component's `<script>`; its fields are reactive. Before any submission it holds
 * the result the server rendered the page with, so errors from a post made without JavaScript
 * show the same way.
 */
export function useForm<Data = unknown, Errors = Record<string, string>>(): FormState<Data, Errors> {
  const page = usePageContext();
  let pending = $state(false);
  let submission = $state.raw<Submission | null>(null);
  const result = (): ActionResult | undefined => (submission?.url === page.shown.tree.url ? submission.result : page.shown.tree.payload.action);
  return {
    get pending() {
      return pending;
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
    /**
     * After a success the form is reset, as it is when the browser posts it and loads the answer;
     * after a failure the user's input stays, for them to correct.
     */
    async submit(form, submitter) {
      const url = page.shown.tree.url;
      pending = true;
      try {
        const answer = await requireRouter(page.router).submit(form, submitter, postForm);
        if (answer.status < 400) form.reset();
        submission = { url, result: answer };
      } finally {
        pending = false;
      }
    },
  };
}
