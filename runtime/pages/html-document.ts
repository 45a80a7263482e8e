/**
 * A page's document as its text and status, for the servers' direct path (runtime/direct/) to
 * send with no Context and no Response in between, as it sends a route's JSON value: node's
 * listener writes the text, Bun, Deno and the edge worker send `toResponse()`. Hono's dispatch
 * never sees one: there a page's GET handler answers with `c.html()` (see routes.ts).
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DirectDocument } from "../direct/answer.js";

const CONTENT_TYPE = "text/html; charset=UTF-8";
/** The headers `toResponse()` gives every document: one object, which each Response copies. */
const HEADERS = { "Content-Type": CONTENT_TYPE };

export class HtmlDocument implements DirectDocument {
  constructor(
    readonly html: string,
    readonly status: ContentfulStatusCode,
  ) {}

  /** What `c.html()` sends with it. */
  get contentType(): string {
    return CONTENT_TYPE;
  }

  toResponse(): Response {
    return new Response(this.html, { status: this.status, headers: HEADERS });
  }
}
