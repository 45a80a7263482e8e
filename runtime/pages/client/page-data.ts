/**
 * Fetches a page's navigation data from its data URL. Anything but a page payload in JSON means
 * the client cannot render the answer itself, so the caller loads the document instead and the
 * reader sees whatever the server really answered.
 */
import { dataUrlFor, pageUrlForData } from "../data-url.js";
import type { PagePayload } from "../types.js";
import { readJson } from "./read-json.js";

export type PageData =
  /** `url`: the page the payload is for (path and query), the loader's redirect target if it redirected. */
  | { readonly payload: PagePayload; readonly url: string }
  /** Load `url` as a document. */
  | { readonly payload?: undefined; readonly url: string };

/** `url` is a path with its query. Never rejects: a failure is a document load of `url`. */
export async function fetchPageData(fetch: typeof globalThis.fetch, url: string, signal?: AbortSignal): Promise<PageData> {
  try {
    const response = await fetch(dataUrlFor(url), { headers: { accept: "application/json" }, signal });
    let pageUrl = url;
    if (response.redirected) {
      // A redirect to another data URL stays client-side; one to a document is loaded as such.
      const final = new URL(response.url);
      const page = pageUrlForData(final.pathname + final.search);
      if (page === null) return { url: response.url };
      pageUrl = page;
    }
    const payload = (await readJson(response)) as PagePayload | undefined;
    return payload?.version ? { payload, url: pageUrl } : { url: pageUrl };
  } catch {
    return { url };
  }
}
