/**
 * A whole HTML document a route answers with, as its text and status, for whoever sends it to
 * build no more than it needs: the app's dispatch sends it as `c.html()` would (runtime/app.ts),
 * and the servers' direct path (runtime/direct/) writes its text with the same headers, with no
 * Context and no Response in between, as it writes a route's JSON value.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class HtmlDocument {
  constructor(
    readonly html: string,
    readonly status: ContentfulStatusCode,
  ) {}
}

/** What `c.html()` sends with a document's text. */
export const HTML_CONTENT_TYPE = "text/html; charset=UTF-8";
