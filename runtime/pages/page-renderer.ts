/**
 * Answers for one page: the HTML document (first load, a form post's 422) and the navigation
 * JSON. Both run the loader and `head()` the same way and carry the same PagePayload, so a client
 * navigation shows exactly what a full load would.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorResponse } from "../errors.js";
import { andThen, isThenable, type Awaitable } from "../thenable.js";
import { devStylesSlot } from "../dev/styles-slot.js";
import { createDocumentPieces, documentRendererOf, type DocumentPieces } from "./document.js";
import { pageErrorResponse } from "./errors.js";
import { mergeHead } from "./head.js";
import { HtmlDocument } from "./html-document.js";
import { pageContextForData } from "./page-context.js";
import { createPayloadJson, type PagePayloadConstants } from "./payload-json.js";
import { checkJsonData } from "./serialize.js";
import { streamedDocument } from "./streamed-document.js";
import { StreamedHtml } from "./streamed-html.js";
import { findStreamedProps, settleAll, streamTimeoutOf, type StreamedProps } from "./streamed-props.js";
import type { ActionResult, ClientManifest, HeadDescriptor, PageDefinition, PagePayload, PageTree, UiServerAdapter } from "./types.js";

export interface PageRenderOptions {
  readonly adapter: UiServerAdapter;
  readonly manifest: ClientManifest;
  /** `head` from sdk.config.ts: the lowest-precedence head source. */
  readonly head?: HeadDescriptor;
  readonly production: boolean;
}

export interface PageRenderer {
  /** The page's GET answer on the servers' direct path: its document (see HtmlDocument and StreamedHtml), or the loader's Response. */
  page(c: Context): Awaitable<PageDocument | Response>;
  /** The full document as a Response; `action` is a form post's result the page shows (its 422 errors). */
  document(c: Context, action?: ActionResult, status?: ContentfulStatusCode): Awaitable<Response>;
  /**
   * The navigation JSON for a data URL as its text, for the servers' direct path to write as a
   * JSON value's; the loader's Response, or the error's, as it is. `params` are the page's (a
   * catch-all's without the suffix).
   */
  dataText(c: Context, params: Readonly<Record<string, string>>): Awaitable<string | Response>;
  /** The same navigation JSON as a Response. */
  data(c: Context, params: Readonly<Record<string, string>>): Awaitable<Response>;
}

/** A page's document: whole, or streamed as its parts are ready. */
export type PageDocument = HtmlDocument | StreamedHtml;

const NO_ASSETS = { modules: [], css: [] };

interface LoadedPayload {
  payload: PagePayload;
  /** The props as JSON, already written while checking them (without the streamed ones). */
  propsJson: string;
  /** The props the loader handed back as promises, if any. */
  streamed?: StreamedProps;
}

export function createPageRenderer(page: PageDefinition, options: PageRenderOptions): PageRenderer {
  const { adapter, manifest, production } = options;
  const layoutIds = page.layouts.map((layout) => layout.id);
  const layouts = page.layouts.map(({ id, module }) => ({ id, component: module.default }));
  const pageNode = { id: page.id, component: page.page.default };
  const ssr = page.page.ssr !== false;
  const loader = page.server?.loader;
  const streamTimeoutMs = streamTimeoutOf(page.page.streamTimeout, page.id);
  // The head of a page whose head() and middleware's headDefaults add nothing, merged once and
  // shared by its requests: nothing changes a payload's head once it is merged.
  const configHead = mergeHead(options.head);
  const constants: PagePayloadConstants = {
    version: manifest.version,
    page: page.id,
    layouts: layoutIds,
    frontmatter: page.page.frontmatter,
    ssr,
    sharedHead: configHead,
  };
  const devStyles = manifest.devStyles ? devStylesSlot(page.id) : "";
  const pieces = createDocumentPieces(manifest.pages[page.id] ?? NO_ASSETS, manifest.entry, constants);
  // sdk dev's styles slot heads every document the page writes, whole or streamed.
  const documentPieces: DocumentPieces = devStyles === "" ? pieces : { ...pieces, bodyStart: (head, headHtml) => pieces.bodyStart(head, devStyles + headHtml) };
  const renderDocument = documentRendererOf(documentPieces, configHead);
  const payloadJson = createPayloadJson(constants);

  /**
   * A Response from the loader (a redirect, a 404) is the answer as it is. Synchronous when the
   * loader and `head()` are: only what a page awaits costs a microtask.
   */
  function loadPayload(c: Context, params: Readonly<Record<string, string>>, action?: ActionResult): Awaitable<LoadedPayload | Response> {
    if (loader === undefined) return withHead(c, {}, "{}", params, action);
    return andThen(loader.fn(c), (result) => {
      if (result instanceof Response) return result;
      if (result === undefined) return withHead(c, {}, "{}", params, action);
      const streamed = findStreamedProps(result, { timeoutMs: streamTimeoutMs, source: `${c.req.method} ${page.id}`, production });
      const data = streamed === undefined ? result : streamed.rest;
      // Rendered as it will arrive in the browser, so server HTML and hydration see the same props;
      // data that JSON reads back unchanged is used as it is.
      const checked = checkJsonData(data, "props");
      const props = checked.plain ? data : JSON.parse(checked.json);
      if (streamed === undefined) return withHead(c, props, checked.json, params, action);
      return withHead(c, { ...props, ...streamed.promises }, checked.json, params, action, streamed);
    });
  }

  function withHead(
    c: Context,
    props: unknown,
    propsJson: string,
    params: Readonly<Record<string, string>>,
    action?: ActionResult,
    streamed?: StreamedProps,
  ): Awaitable<LoadedPayload> {
    return andThen(page.page.head?.fn(c, props), (pageHead) => {
      // The constant fields from the same object the payload's JSON writers were made from.
      const payload: PagePayload = {
        version: constants.version,
        page: constants.page,
        layouts: constants.layouts,
        props,
        params,
        head: mergeHeadFor(headDefaultsOf(c), pageHead),
        ...(constants.frontmatter === undefined ? {} : { frontmatter: constants.frontmatter }),
        ...(action === undefined ? {} : { action }),
        ssr: constants.ssr,
        ...(streamed === undefined ? {} : { deferred: streamed.keys }),
      };
      return { payload, propsJson, streamed };
    });
  }

  function mergeHeadFor(headDefaults: HeadDescriptor | undefined, pageHead: HeadDescriptor | undefined): HeadDescriptor {
    return headDefaults === undefined && pageHead === undefined ? configHead : mergeHead(options.head, headDefaults, pageHead);
  }

  function renderLoaded(c: Context, loaded: LoadedPayload | Response, status: ContentfulStatusCode): Awaitable<PageDocument | Response> {
    if (loaded instanceof Response) return loaded;
    if (loaded.streamed !== undefined) return renderStreamed(c, loaded, loaded.streamed, status);
    const { payload, propsJson } = loaded;
    const tree: PageTree = { layouts, page: pageNode, payload, url: pathAndQuery(c.req.url) };
    return andThen(ssr ? adapter.renderToString(tree) : "", (rendered) => {
      const { body, head: headHtml } = typeof rendered === "string" ? { body: rendered, head: "" } : rendered;
      return new HtmlDocument(renderDocument({ head: payload.head, body, headHtml, payload, propsJson }), status);
    });
  }

  /**
   * A page with streamed props: streamed into the document where the page renders on the server;
   * for a page that renders only in the browser, the document waits for them and carries their
   * outcomes in its payload, as the navigation JSON does.
   */
  function renderStreamed(c: Context, loaded: LoadedPayload, streamed: StreamedProps, status: ContentfulStatusCode): Promise<PageDocument> {
    const { payload, propsJson } = loaded;
    const source = `${c.req.method} ${page.id}`;
    if (!ssr) {
      return settleAll(streamed).then(
        (settled) => new HtmlDocument(renderDocument({ head: payload.head, body: "", payload: { ...payload, settled }, propsJson }), status),
      );
    }
    const tree: PageTree = { layouts, page: pageNode, payload, url: pathAndQuery(c.req.url) };
    return streamedDocument(adapter, documentPieces, { tree, head: payload.head, propsJson, streamed, source }, status);
  }

  /** The navigation JSON waits for streamed props: their outcomes travel in its `settled`. */
  function payloadText(loaded: LoadedPayload): Awaitable<string> {
    const { payload, propsJson, streamed } = loaded;
    if (streamed === undefined) return payloadJson(payload, propsJson);
    return settleAll(streamed).then((settled) => payloadJson({ ...payload, settled }, propsJson));
  }

  function dataText(c: Context, params: Readonly<Record<string, string>>): Awaitable<string | Response> {
    return settle(
      () => andThen(loadPayload(pageContextForData(c, params), params), (loaded) => (loaded instanceof Response ? loaded : payloadText(loaded))),
      (error) => errorResponse(c, error, `GET ${page.id}`, production),
    );
  }

  function render(c: Context, action: ActionResult | undefined, status: ContentfulStatusCode): Awaitable<PageDocument | Response> {
    return settle(
      () => andThen(loadPayload(c, c.req.param(), action), (loaded) => renderLoaded(c, loaded, status)),
      (error) => pageErrorResponse(c, error, `${c.req.method} ${page.id}`, production),
    );
  }

  return {
    page: (c) => render(c, undefined, 200),

    document(c, action, status = 200) {
      return andThen(render(c, action, status), (answer) => documentResponse(c, answer));
    },

    dataText,

    data(c, params) {
      return andThen(dataText(c, params), (answer) => (typeof answer === "string" ? jsonTextResponse(c, answer) : answer));
    },
  };
}

/** A page's document as the Response Hono's dispatch sends, with what `c` was given (a status, a header). */
export function documentResponse(c: Context, answer: PageDocument | Response): Response {
  if (answer instanceof HtmlDocument) return c.html(answer.html, answer.status);
  if (answer instanceof StreamedHtml) return c.body(answer.body(), answer.status, answer.headers);
  return answer;
}

/**
 * What middleware set with `c.set("headDefaults", ...)`. Read from `c.var`, which on the direct
 * path (no middleware ran) is empty without making a Context, where `c.get` would make one.
 */
function headDefaultsOf(c: Context): HeadDescriptor | undefined {
  return (c.var as { headDefaults?: HeadDescriptor }).headDefaults;
}

/** `answer()`, with whatever it throws or rejects with answered by `failed`. */
function settle<T>(answer: () => Awaitable<T>, failed: (error: unknown) => Awaitable<Response>): Awaitable<T | Response> {
  try {
    const response = answer();
    return isThenable(response) ? Promise.resolve(response).then(undefined, failed) : response;
  } catch (error) {
    return failed(error);
  }
}

/** What `c.json()` sends, for JSON already written. */
const JSON_HEADERS = { "Content-Type": "application/json" };

/** JSON already written, as the Response `c.json()` gives for its value: with what `c` was given (a status, a header). */
export function jsonTextResponse(c: Context, json: string): Response {
  return c.body(json, undefined, JSON_HEADERS);
}

/**
 * `pathname + search` of a request's URL, read off the string rather than parsed again: a
 * request's URL is already a serialized URL, so its path starts at the first `/` after the host
 * and its query ends at the fragment; an empty query (a bare `?`) is left out, as URL leaves it.
 */
function pathAndQuery(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const fragment = url.indexOf("#", start);
  const end = fragment === -1 ? url.length : fragment;
  return url.slice(start, url.indexOf("?", start) === end - 1 ? end - 1 : end);
}
