import type { InferProps } from "sdk";
import { Form, useForm } from "sdk/react";
import type { loader } from "./guestbook.server";

export default function Guestbook({ entries }: InferProps<typeof loader>) {
  const form = useForm();
  return (
    <section>
      <h1>Guestbook</h1>
      <ul id="entries">{entries.map((entry, i) => <li key={i}>{entry}</li>)}</ul>
      <Form form={form} action="?sign">
        <input name="name" aria-label="name" />
        <button id="sign" type="submit" disabled={form.pending}>Sign</button>
        {form.errors?.name ? <p id="name-error">{form.errors.name}</p> : null}
      </Form>
      <Form action="?leave">
        <button id="leave" type="submit">Leave</button>
      </Form>
    </section>
  );
}
