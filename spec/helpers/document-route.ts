/**
 * A route that answers as a page does (runtime/pages/routes.ts): with `c.html()` under Hono's
 * dispatch, and on the direct path with its HtmlDocument, or c.html()'s Response once the route
 * has set a status or a header.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { RouteDefinition } from "../../runtime/app.ts";
import { defineHandler } from "../../runtime/index.ts";
import { HtmlDocument } from "../../runtime/pages/html-document.ts";
import { documentResponse } from "../../runtime/pages/page-renderer.ts";
import { StreamedHtml, type HtmlChunk } from "../../runtime/pages/streamed-html.ts";
import { andThen, type Awaitable } from "../../runtime/thenable.ts";

type Rendered = { html: string; status: ContentfulStatusCode };

export function documentRoute(pattern: string, file: string, render: (c: Context) => Awaitable<Rendered>): RouteDefinition {
  return {
    pattern,
    file,
    handlers: { GET: defineHandler((c) => andThen(render(c), ({ html, status }) => c.html(html, status))) },
    directAnswer: (c, touched) => andThen(render(c), ({ html, status }) => (touched() ? c.html(html, status) : new HtmlDocument(html, status))),
  };
}

/** A route that answers as a page with streamed props does: its StreamedHtml, or its Response under Hono's dispatch. */
export function streamedDocumentRoute(pattern: string, file: string, produce: (write: (chunk: HtmlChunk) => void) => Promise<void>, cancelled?: () => void): RouteDefinition {
  const document = () => new StreamedHtml(`GET ${file}`, 200, produce, cancelled);
  return {
    pattern,
    file,
    handlers: { GET: defineHandler((c) => documentResponse(c, document())) },
    directAnswer: (c, touched) => (touched() ? documentResponse(c, document()) : document()),
  };
}
