/**
 * Answers for one page: the HTML document (first load, a form post's 422) and the navigation
 * JSON. Both run the loader and `head()` the same way and carry the same PagePayload, so a client
 * navigation shows exactly what a full load would.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorResponse } from "../errors.js";
import { createDocumentRenderer, payloadJson } from "./document.js";
import { pageErrorResponse } from "./errors.js";
import { mergeHead } from "./head.js";
import { pageContextForData } from "./page-context.js";
import { checkJsonData } from "./serialize.js";
import type { ActionResult, ClientManifest, HeadDescriptor, PageDefinition, PagePayload, PageTree, UiServerAdapter } from "./types.js";

export interface PageRenderOptions {
  readonly adapter: UiServerAdapter;
  readonly manifest: ClientManifest;
  /** `head` from sdk.config.ts: the lowest-precedence head source. */
  readonly head?: HeadDescriptor;
  readonly production: boolean;
}

export interface PageRenderer {
  /** The full document; `action` is a form post's result the page shows (its 422 errors). */
  document(c: Context, action?: ActionResult, status?: ContentfulStatusCode): Promise<Response>;
  /** The navigation JSON for a data URL; `params` are the page's (a catch-all's without the suffix). */
  data(c: Context, params: Readonly<Record<string, string>>): Promise<Response>;
}

const NO_ASSETS = { modules: [], css: [] };

interface LoadedPayload {
  payload: PagePayload;
  /** The props as JSON, already written while checking them. */
  propsJson: string;
}

export function createPageRenderer(page: PageDefinition, options: PageRenderOptions): PageRenderer {
  const { adapter, manifest, production } = options;
  const layoutIds = page.layouts.map((layout) => layout.id);
  const layouts = page.layouts.map(({ id, module }) => ({ id, component: module.default }));
  const pageNode = { id: page.id, component: page.page.default };
  const renderDocument = createDocumentRenderer(manifest.pages[page.id] ?? NO_ASSETS, manifest.entry);
  const ssr = page.page.ssr !== false;
  const loader = page.server?.loader;

  /** A Response from the loader (a redirect, a 404) is the answer as it is. */
  async function loadPayload(c: Context, params: Readonly<Record<string, string>>, action?: ActionResult): Promise<LoadedPayload | Response> {
    let props: unknown = {};
    let propsJson = "{}";
    if (loader !== undefined) {
      const result = await loader.fn(c);
      if (result instanceof Response) return result;
      // Rendered as it will arrive in the browser, so server HTML and hydration see the same props;
      // data that JSON reads back unchanged is used as it is.
      if (result !== undefined) {
        const checked = checkJsonData(result, "props");
        props = checked.plain ? result : JSON.parse(checked.json);
        propsJson = checked.json;
      }
    }
    const head = mergeHead(options.head, c.get("headDefaults"), await page.page.head?.fn(c, props));
    const payload: PagePayload = {
      version: manifest.version,
      page: page.id,
      layouts: layoutIds,
      props,
      params,
      head,
      ...(page.page.frontmatter === undefined ? {} : { frontmatter: page.page.frontmatter }),
      ...(action === undefined ? {} : { action }),
      ssr,
    };
    return { payload, propsJson };
  }

  return {
    async document(c, action, status = 200) {
      try {
        const loaded = await loadPayload(c, c.req.param(), action);
        if (loaded instanceof Response) return loaded;
        const { payload, propsJson } = loaded;
        const tree: PageTree = { layouts, page: pageNode, payload, url: pathAndQuery(c.req.url) };
        const body = ssr ? await adapter.renderToString(tree) : "";
        return c.html(renderDocument({ head: payload.head, body, payload, propsJson }), status);
      } catch (error) {
        return pageErrorResponse(c, error, `${c.req.method} ${page.id}`, production);
      }
    },

    async data(c, params) {
      try {
        const loaded = await loadPayload(pageContextForData(c, params), params);
        return loaded instanceof Response ? loaded : c.body(payloadJson(loaded.payload, loaded.propsJson), undefined, JSON_HEADERS);
      } catch (error) {
        return errorResponse(c, error, `GET ${page.id}`, production);
      }
    },
  };
}

/** What `c.json()` sends, for JSON already written. */
const JSON_HEADERS = { "Content-Type": "application/json" };

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
