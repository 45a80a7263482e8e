/**
 * What a direct route answers with, named by the dispatch and by each route's answer function
 * (routes.ts); a module of its own so neither imports the other for it.
 */

/** A page's document (runtime/pages/html-document.ts): text the server writes with its type, or sends as `toResponse()`. */
export interface DirectDocument {
  readonly html: string;
  readonly status: number;
  readonly contentType: string;
  toResponse(): Response;
}

/**
 * A page's document sent as its parts are ready (runtime/pages/streamed-html.ts): node's listener
 * writes each part to the socket as it comes, the others send `toResponse()`, a streamed body.
 */
export interface DirectStreamedDocument {
  readonly status: number;
  readonly contentType: string;
  /** Writes the document's parts in order; settles once the last is written, and never rejects. */
  writeTo(write: (chunk: string | Uint8Array) => void): Promise<void>;
  /** Stops writing: the client went away. */
  cancel(): void;
  toResponse(): Response;
}

/** The JSON text of an untouched context's value, a page's document, or the Response the app gives. */
export type DirectAnswer = string | DirectDocument | DirectStreamedDocument | Response;
