import { For, Show } from "solid-js";
import type { InferProps } from "sdk";
import { Form, useForm } from "sdk/solid";
import type { loader } from "./guestbook.server";

export default function Guestbook(props: InferProps<typeof loader>) {
  const form = useForm();
  return (
    <section>
      <h1>Guestbook</h1>
      <ul id="entries">
        <For each={props.entries}>{(entry) => <li>{entry}</li>}</For>
      </ul>
      <Form form={form} action="?sign">
        <input name="name" aria-label="name" />
        <button id="sign" type="submit" disabled={form.pending}>Sign</button>
        <Show when={form.errors?.name}>{(error) => <p id="name-error">{error()}</p>}</Show>
      </Form>
      <Form action="?leave">
        <button id="leave" type="submit">Leave</button>
      </Form>
    </section>
  );
}
