/**
 * The document head: merging the three sources (config `head`, middleware `headDefaults`, the
 * page's `head()`) by the contract's rules, and writing the result as HTML. The browser router
 * applies the same merged descriptor on navigation, so the rules live only here.
 */
import { HEAD_ATTRIBUTE } from "./constants.js";
import { escapeHtml } from "./html.js";
import type { HeadDescriptor } from "./types.js";

type Tag = Readonly<Record<string, string>>;

/**
 * Sources in precedence order, lowest first (config, middleware, page). The result has the title
 * template already applied and no `titleTemplate`; empty fields are left out.
 */
export function mergeHead(...sources: readonly (HeadDescriptor | undefined)[]): HeadDescriptor {
  let title: string | undefined;
  let titleTemplate: string | undefined;
  let meta: Tag[] = [];
  const link: Tag[] = [];
  const script: Tag[] = [];
  let htmlAttrs: Record<string, string> = {};
  let bodyAttrs: Record<string, string> = {};
  for (const source of sources) {
    if (source === undefined) continue;
    title = source.title ?? title;
    titleTemplate = source.titleTemplate ?? titleTemplate;
    if (source.meta !== undefined) meta = replaceMeta(meta, source.meta);
    if (source.link !== undefined) link.push(...source.link);
    if (source.script !== undefined) script.push(...source.script);
    htmlAttrs = { ...htmlAttrs, ...source.htmlAttrs };
    bodyAttrs = { ...bodyAttrs, ...source.bodyAttrs };
  }
  const head: HeadDescriptor = {};
  if (title !== undefined) head.title = titleTemplate === undefined ? title : titleTemplate.split("%s").join(title);
  if (meta.length > 0) head.meta = meta;
  if (link.length > 0) head.link = link;
  if (script.length > 0) head.script = script;
  if (Object.keys(htmlAttrs).length > 0) head.htmlAttrs = htmlAttrs;
  if (Object.keys(bodyAttrs).length > 0) head.bodyAttrs = bodyAttrs;
  return head;
}

/**
 * The key a meta tag is de-duplicated by. Only a later source replaces: one source may list a key
 * twice on purpose (several `og:image`).
 */
function metaKey(tag: Tag): string | undefined {
  if (tag.name !== undefined) return `name:${tag.name}`;
  if (tag.property !== undefined) return `property:${tag.property}`;
  if (tag["http-equiv"] !== undefined) return `http-equiv:${tag["http-equiv"]}`;
  if (tag.charset !== undefined) return "charset";
  return undefined;
}

function replaceMeta(current: readonly Tag[], later: readonly Tag[]): Tag[] {
  const replaced = new Set(later.map(metaKey).filter((key) => key !== undefined));
  return [...current.filter((tag) => !replaced.has(metaKey(tag)!)), ...later];
}

/**
 * `<title>`, then meta, link and script tags, everything escaped. Tags carry HEAD_ATTRIBUTE so
 * the browser router replaces exactly these on navigation, never the document's own charset,
 * viewport, stylesheets or module preloads.
 */
export function renderHead(head: HeadDescriptor): string {
  let html = head.title === undefined ? "" : `<title>${escapeHtml(head.title)}</title>`;
  for (const tag of head.meta ?? []) html += `<meta${renderAttributes(tag)} ${HEAD_ATTRIBUTE}>`;
  for (const tag of head.link ?? []) html += `<link${renderAttributes(tag)} ${HEAD_ATTRIBUTE}>`;
  for (const { children, ...attrs } of head.script ?? []) {
    html += `<script${renderAttributes(attrs)} ${HEAD_ATTRIBUTE}>${escapeScriptText(children ?? "")}</script>`;
  }
  return html;
}

/** ` name="value"` per entry, each with its leading space, in the object's order: `<html${renderAttributes(a)}>`. */
export function renderAttributes(attrs: Readonly<Record<string, string>> | undefined): string {
  if (attrs === undefined) return "";
  let html = "";
  for (const [name, value] of Object.entries(attrs)) {
    if (!ATTRIBUTE_NAME.test(name)) throw new TypeError(`${JSON.stringify(name)} is not a valid HTML attribute name`);
    html += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return html;
}

/** What the HTML tokenizer reads as one attribute name; anything else could end the tag. */
const ATTRIBUTE_NAME = /^[^\s"'<>/=\u0000-\u001f\u007f]+$/;

/**
 * Inline script text can't be entity-escaped (it is not parsed as HTML), so the two sequences
 * that change how the tokenizer reads it, `</script` and `<!--`, get `\u003C` for their `<`:
 * the same character inside JavaScript and JSON strings, where such text appears (JSON-LD).
 */
function escapeScriptText(text: string): string {
  return text.replace(/<(?=\/script|!--)/gi, "\\u003C");
}
