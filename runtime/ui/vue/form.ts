/**
 * `<Form>` and `useForm()`: a form posted to the page's action. Without JavaScript the browser
 * posts it and the server answers with a redirect, or with the page and its errors (422). With
 * JavaScript the router submits it and the result lands in the form's refs; no reload.
 */
import { computed, defineComponent, h, mergeProps, ref, shallowRef, type ComputedRef, type PropType, type SlotsType } from "vue";
import { postForm } from "../../pages/client/form-submit.js";
import type { ActionResult } from "../../pages/types.js";
import { requireRouter, usePageContext } from "./context.js";

export interface FormState<Data = unknown, Errors = Record<string, string>> {
  /** True from submit until the action has answered. */
  readonly pending: ComputedRef<boolean>;
  /** The last answer's HTTP status; undefined before any. */
  readonly status: ComputedRef<number | undefined>;
  /** The validation errors an action returned with 422. */
  readonly errors: ComputedRef<Errors | undefined>;
  /** What the action returned, on success. */
  readonly data: ComputedRef<Data | undefined>;
  /** Submits `form` through the router; `<Form :form="state">` calls it for you. */
  submit(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<void>;
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
  const page = usePageContext();
  const submission = shallowRef<Submission | null>(null);
  const inFlight = ref(0);
  const result = computed(() => {
    const last = submission.value;
    return last?.url === page.value.url ? last.result : page.value.payload.action;
  });
  return {
    pending: computed(() => inFlight.value > 0),
    status: computed(() => result.value?.status),
    errors: computed(() => result.value?.errors as Errors | undefined),
    data: computed(() => result.value?.data as Data | undefined),
    async submit(form, submitter) {
      const { url, router } = page.value;
      inFlight.value++;
      try {
        const answer = await requireRouter(router).submit(form, submitter, postForm);
        // After a success the form is reset, as it is when the browser posts it and loads the
        // answer; after a failure the user's input stays, for them to correct.
        if (answer.status < 400) form.reset();
        submission.value = { url, result: answer };
      } finally {
        inFlight.value--;
      }
    },
  };
}

/** What `<Form v-slot="{ pending, errors }">` receives: the form's state, unwrapped. */
export interface FormSlotProps<Data = unknown, Errors = Record<string, string>> {
  readonly pending: boolean;
  readonly status: number | undefined;
  readonly errors: Errors | undefined;
  readonly data: Data | undefined;
}

/** `<form method="post">`; `action` picks a named action (`action="?remove"`). */
export const Form = defineComponent({
  name: "Form",
  // The form's own submit handler goes after the listener a page passes, which may prevent it.
  inheritAttrs: false,
  props: {
    /** The `useForm()` state this form reports to; without it, the form keeps its own. */
    form: { type: Object as PropType<FormState<any, any>>, default: undefined },
  },
  slots: Object as SlotsType<{ default: FormSlotProps<any, any> }>,
  setup(props, { attrs, slots }) {
    const own = useForm();
    const onSubmit = (event: SubmitEvent) => {
      if (event.defaultPrevented) return;
      event.preventDefault();
      void (props.form ?? own).submit(event.currentTarget as HTMLFormElement, event.submitter);
    };
    return () => {
      const state = props.form ?? own;
      const slotProps = { pending: state.pending.value, status: state.status.value, errors: state.errors.value, data: state.data.value };
      return h("form", mergeProps(attrs, { method: "post", onSubmit }), slots.default?.(slotProps));
    };
  },
});
