/**
 * Enhanced form submission: the POST the browser would send, asking the page's action for JSON
 * instead of a document. When the answer is not JSON the action's own handling did not produce
 * it (middleware, a proxy, a network failure), so the browser is left to show the real answer.
 */
import { ACTION_HEADER } from "../constants.js";
import type { ActionResult } from "../types.js";
import type { ClientWindow } from "./client-window.js";
import { readJson } from "./read-json.js";

/**
 * The Form components hand this to the router's `submit`. Undefined when there is no JSON answer:
 * the browser is then loading a document.
 */
export async function postForm(win: ClientWindow, form: HTMLFormElement, submitter?: HTMLElement | null): Promise<ActionResult | undefined> {
  // Attributes, not the `action` property: a control named "action" shadows it.
  const action = new URL(submitter?.getAttribute("formaction") || form.getAttribute("action") || win.location.href, win.document.baseURI).href;
  const response = await win
    .fetch(action, { method: "POST", body: new win.FormData(form, submitter), headers: { accept: "application/json", [ACTION_HEADER]: "1" } })
    .catch(() => undefined);
  if (response) {
    const answer = await readJson(response);
    // An action answering with its own c.json() sends no `status` field: the HTTP one stands in.
    if (answer !== undefined) return { status: response.status, ...(answer as Partial<ActionResult>) };
    // Redirected to a document (a login page, say): the POST is done, show where it led.
    if (response.redirected) {
      win.location.assign(response.url);
      return undefined;
    }
  }
  submitNatively(win, form, submitter, action);
  return undefined;
}

function submitNatively(win: ClientWindow, form: HTMLFormElement, submitter: HTMLElement | null | undefined, action: string): void {
  // form.submit() sends no submitter: its name and value travel in a hidden field instead.
  const name = submitter?.getAttribute("name");
  if (name) {
    const field = form.ownerDocument.createElement("input");
    field.type = "hidden";
    field.name = name;
    field.value = (submitter as HTMLButtonElement).value;
    form.append(field);
  }
  form.setAttribute("action", action);
  form.setAttribute("method", "post");
  // From the prototype: a control named "submit" shadows form.submit.
  win.HTMLFormElement.prototype.submit.call(form);
}
