/**
 * The HTML document around a rendered page: head, the page's preloads and stylesheets, the page
 * HTML in the root element, the payload the browser router starts from, and the client entry.
 * Pure string building, so the same inputs always give the same bytes (prerender, ISR, snapshots).
 */
import { PAYLOAD_ID, ROOT_ID } from "./constants.js";
import { renderAttributes, renderHead } from "./head.js";
import { escapeHtml } from "./html.js";
import { escapeForScript } from "./serialize.js";
import type { ClientPageAssets, HeadDescriptor, PagePayload } from "./types.js";

export { PAYLOAD_ID, ROOT_ID };

export interface DocumentParts {
  /** The merged head (mergeHead's result). */
  readonly head: HeadDescriptor;
  /** The page's server-rendered HTML; empty when the page renders only in the browser. */
  readonly body: string;
  readonly payload: PagePayload;
  /** `payload.props` as JSON already (checked when the loader returned them): spliced in, not stringified again. */
  readonly propsJson?: string;
}

const CHARSET = '<meta charset="utf-8">';
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/** Writes a page's documents; its assets and the client entry are the same in each, so their tags are written once. */
export type DocumentRenderer = (parts: DocumentParts) => string;

export function createDocumentRenderer(assets: ClientPageAssets, entry: string): DocumentRenderer {
  let links = "";
  for (const href of assets.modules) links += `<link rel="modulepreload" href="${escapeHtml(href)}">`;
  for (const href of assets.css) links += `<link rel="stylesheet" href="${escapeHtml(href)}">`;
  const entryScript = `<script type="module" src="${escapeHtml(entry)}"></script>`;
  return ({ head, body, payload, propsJson }) =>
    `<!doctype html><html${renderAttributes(head.htmlAttrs)}><head>${CHARSET}${hasViewport(head) ? "" : VIEWPORT}` +
    `${renderHead(withoutCharset(head))}${links}</head><body${renderAttributes(head.bodyAttrs)}>` +
    `<div id="${ROOT_ID}">${body}</div>` +
    `<script type="application/json" id="${PAYLOAD_ID}">${payloadScriptText(payload, propsJson)}</script>` +
    `${entryScript}</body></html>`;
}

/** One document, for a page rendered once. */
export function renderDocument(parts: DocumentParts & { readonly assets: ClientPageAssets; readonly entry: string }): string {
  return createDocumentRenderer(parts.assets, parts.entry)(parts);
}

/** The payload as JSON escaped for the script element. */
function payloadScriptText(payload: PagePayload, propsJson: string | undefined): string {
  if (propsJson === undefined) return escapeForScript(JSON.stringify(payload));
  return payloadJson(payload, propsJson, escapeForScript);
}

/**
 * The payload as JSON with its props' JSON, which checking the loader's data already wrote,
 * spliced in rather than written again. `escape` applies to each part on its own: joining them
 * first would copy the props' JSON once more. The payload's own fields are never empty, so their
 * JSON ends in `}` after at least one member. They are named one by one rather than copied
 * without `props`: JSON leaves out the optional ones that are undefined, and a literal of known
 * shape costs less than a copy of the payload on every request.
 */
export function payloadJson(payload: PagePayload, propsJson: string, escape: (json: string) => string = (json) => json): string {
  const { version, page, layouts, params, head, frontmatter, action, ssr } = payload;
  const fields = JSON.stringify({ version, page, layouts, params, head, frontmatter, action, ssr });
  return `${escape(fields.slice(0, -1))},"props":${escape(propsJson)}}`;
}

/** A page that failed: no layouts, no client script, only what the status means (and, in development, why). */
export function renderErrorDocument(status: number, title: string, message?: string): string {
  const detail = message === undefined ? "" : `<pre>${escapeHtml(message)}</pre>`;
  return (
    `<!doctype html><html><head>${CHARSET}${VIEWPORT}<title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${status} ${escapeHtml(title)}</h1>${detail}</body></html>`
  );
}

function hasViewport(head: HeadDescriptor): boolean {
  return head.meta?.some((tag) => tag.name === "viewport") ?? false;
}

/** The document is always sent as UTF-8; a second charset declaration could only contradict it. */
function withoutCharset(head: HeadDescriptor): HeadDescriptor {
  if (!head.meta?.some((tag) => tag.charset !== undefined)) return head;
  return { ...head, meta: head.meta.filter((tag) => tag.charset === undefined) };
}
