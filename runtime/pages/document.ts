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
  readonly assets: ClientPageAssets;
  /** The client entry script's URL. */
  readonly entry: string;
  /** `payload.props` as JSON already (checked when the loader returned them): spliced in, not stringified again. */
  readonly propsJson?: string;
}

/** The payload's own fields are never empty, so its JSON ends in `}` after at least one member. */
function payloadJson(payload: PagePayload, propsJson: string | undefined): string {
  if (propsJson === undefined) return JSON.stringify(payload);
  const { props: _props, ...rest } = payload;
  return `${JSON.stringify(rest).slice(0, -1)},"props":${propsJson}}`;
}

const CHARSET = '<meta charset="utf-8">';
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

export function renderDocument({ head, body, payload, assets, entry, propsJson }: DocumentParts): string {
  let preloads = "";
  for (const href of assets.modules) preloads += `<link rel="modulepreload" href="${escapeHtml(href)}">`;
  for (const href of assets.css) preloads += `<link rel="stylesheet" href="${escapeHtml(href)}">`;
  return (
    `<!doctype html><html${renderAttributes(head.htmlAttrs)}><head>${CHARSET}${hasViewport(head) ? "" : VIEWPORT}` +
    `${renderHead(withoutCharset(head))}${preloads}</head><body${renderAttributes(head.bodyAttrs)}>` +
    `<div id="${ROOT_ID}">${body}</div>` +
    // The payload's user data (props) was checked as JSON data when the loader returned it.
    `<script type="application/json" id="${PAYLOAD_ID}">${escapeForScript(payloadJson(payload, propsJson))}</script>` +
    `<script type="module" src="${escapeHtml(entry)}"></script></body></html>`
  );
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
