/**
 * The HTML document around a rendered page: head, the page's preloads and stylesheets, the page
 * HTML in the root element, the payload the browser router starts from, and the client entry.
 * Pure string building, so the same inputs always give the same bytes (prerender, ISR, snapshots).
 */
import { DEFERRED_ID, PAYLOAD_ID, ROOT_ID } from "./constants.js";
import { renderAttributes, renderHead } from "./head.js";
import { escapeHtml } from "./html.js";
import { createPayloadJson, type PagePayloadConstants } from "./payload-json.js";
import { escapeForScript } from "./serialize.js";
import type { ClientPageAssets, HeadDescriptor, PagePayload } from "./types.js";

export { PAYLOAD_ID, ROOT_ID };

export interface DocumentParts {
  /** The merged head (mergeHead's result). */
  readonly head: HeadDescriptor;
  /** The page's server-rendered HTML; empty when the page renders only in the browser. */
  readonly body: string;
  /** What the components rendered into the head (Svelte's `<svelte:head>`), after the head's tags and links. */
  readonly headHtml?: string;
  readonly payload: PagePayload;
  /** `payload.props` as JSON already (checked when the loader returned them): spliced in, not stringified again. */
  readonly propsJson: string;
}

const CHARSET = '<meta charset="utf-8">';
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * Writes a page's documents. Its assets, the client entry and its payload's constant fields are
 * the same in each, so they are written once, and so is everything before the page's HTML for
 * the head its requests share.
 */
export type DocumentRenderer = (parts: DocumentParts) => string;

/**
 * The same document in the pieces a streamed page sends as each is ready (streamed-document.ts):
 * the head before the page renders, the root's opening and the page's HTML as the library
 * streams it, the payload, each streamed prop's outcome as it settles, then the client entry.
 * Joined, they are the document createDocumentRenderer writes, with the outcomes after the payload.
 */
export interface DocumentPieces {
  /** From the doctype to where the components' head HTML goes, `<head>` left open. */
  headStart(head: HeadDescriptor): string;
  /** The components' head HTML, the end of the head and the opening of the root element. */
  bodyStart(head: HeadDescriptor, headHtml: string): string;
  /** Closes the root element; the payload. */
  afterBody(payload: PagePayload, propsJson: string): string;
  /** One streamed prop's outcome (a Settled as JSON), for the browser to resolve the page's promise with. */
  settledChunk(key: string, settledJson: string): string;
  /** The client entry and the end of the document. */
  readonly end: string;
}

export function createDocumentPieces(assets: ClientPageAssets, entry: string, constants: PagePayloadConstants): DocumentPieces {
  let links = "";
  for (const href of assets.modules) links += `<link rel="modulepreload" href="${escapeHtml(href)}">`;
  for (const href of assets.css) links += `<link rel="stylesheet" href="${escapeHtml(href)}">`;
  const payloadScriptText = createPayloadJson(constants, escapeForScript);
  return {
    headStart: (head) =>
      `<!doctype html><html${renderAttributes(head.htmlAttrs)}><head>${CHARSET}${hasViewport(head) ? "" : VIEWPORT}${renderHead(withoutCharset(head))}${links}`,
    bodyStart: (head, headHtml) => `${headHtml}</head><body${renderAttributes(head.bodyAttrs)}><div id="${ROOT_ID}">`,
    afterBody: (payload, propsJson) => `</div><script type="application/json" id="${PAYLOAD_ID}">${payloadScriptText(payload, propsJson)}</script>`,
    settledChunk: (key, settledJson) => `<script type="application/json" id="${escapeHtml(DEFERRED_ID + key)}">${escapeForScript(settledJson)}</script>`,
    end: `<script type="module" src="${escapeHtml(entry)}"></script></body></html>`,
  };
}

export function createDocumentRenderer(assets: ClientPageAssets, entry: string, constants: PagePayloadConstants): DocumentRenderer {
  return documentRendererOf(createDocumentPieces(assets, entry, constants), constants.sharedHead);
}

/** The whole document from its pieces; `sharedHead`'s opening is written once and kept. */
export function documentRendererOf(pieces: DocumentPieces, sharedHead: HeadDescriptor): DocumentRenderer {
  const opening = (head: HeadDescriptor, headHtml: string): string => pieces.headStart(head) + pieces.bodyStart(head, headHtml);
  // Written on first use rather than here: a head the tags cannot be written for (a bad attribute
  // name) then fails its requests, as a head of a request's own does, not the app's start.
  let sharedOpening: string | undefined;
  return ({ head, body, headHtml = "", payload, propsJson }) =>
    `${head === sharedHead && headHtml === "" ? (sharedOpening ??= opening(head, "")) : opening(head, headHtml)}${body}` +
    `${pieces.afterBody(payload, propsJson)}${pieces.end}`;
}

/** One document, for a page rendered once; without `propsJson`, the props are stringified here. */
export function renderDocument(
  parts: Omit<DocumentParts, "propsJson"> & { readonly propsJson?: string; readonly assets: ClientPageAssets; readonly entry: string },
): string {
  const { version, page, layouts, frontmatter, ssr, head, props } = parts.payload;
  const render = createDocumentRenderer(parts.assets, parts.entry, { version, page, layouts, frontmatter, ssr, sharedHead: head });
  return render({ ...parts, propsJson: parts.propsJson ?? JSON.stringify(props) ?? "null" });
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
