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

/** The JSON text of an untouched context's value, a page's document, or the Response the app gives. */
export type DirectAnswer = string | DirectDocument | Response;
