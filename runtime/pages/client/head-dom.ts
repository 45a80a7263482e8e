/**
 * Applies each navigation's resolved head (title template already applied by the server) to the
 * live document. Only what a head put there is replaced: tags carrying HEAD_ATTRIBUTE (the server
 * marks the first document's the same way) and the html and body attributes the previous head
 * set, never the document's own charset, preloads or stylesheets, nor what the app added.
 */
import { HEAD_ATTRIBUTE } from "../constants.js";
import type { HeadDescriptor } from "../types.js";

type Tags = HeadDescriptor["meta"];
type Attributes = Readonly<Record<string, string>>;

/** `first`: the head the document was rendered with (the first payload's). */
export function createHeadApplier(document: Document, first: HeadDescriptor): (head: HeadDescriptor) => void {
  let previous = first;
  return (head) => {
    // A head without a title leaves the current one: the UI library may have set it.
    if (head.title !== undefined) document.title = head.title;
    replaceTags(document, [...tags(document, "meta", head.meta), ...tags(document, "link", head.link), ...tags(document, "script", head.script)]);
    replaceAttributes(document.documentElement, previous.htmlAttrs, head.htmlAttrs);
    replaceAttributes(document.body, previous.bodyAttrs, head.bodyAttrs);
    previous = head;
  };
}

function tags(document: Document, name: string, entries: Tags): HTMLElement[] {
  return (entries ?? []).map((attributes) => {
    const element = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === "children") element.textContent = value;
      else element.setAttribute(key, value);
    }
    element.setAttribute(HEAD_ATTRIBUTE, "");
    return element;
  });
}

/**
 * Keeps each marked tag the new head has unchanged: re-inserting a stylesheet would flash the page
 * and re-inserting a script would run it again.
 */
function replaceTags(document: Document, wanted: HTMLElement[]): void {
  for (const current of document.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`)) {
    const same = wanted.findIndex((element) => element.isEqualNode(current));
    if (same === -1) current.remove();
    else wanted.splice(same, 1);
  }
  document.head.append(...wanted);
}

function replaceAttributes(element: Element, previous: Attributes = {}, next: Attributes = {}): void {
  for (const name in previous) if (!Object.hasOwn(next, name)) element.removeAttribute(name);
  for (const [name, value] of Object.entries(next)) element.setAttribute(name, value);
}
