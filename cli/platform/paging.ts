/**
 * Every item of a list the API pages, as wrangler's cfetch reads them: by page
 * (`fetchPagedListResult`: the next page while `page * per_page < total_count`) or by cursor
 * (`fetchListResult`: the next page while `result_info.cursor` is not empty). Which one, and the
 * largest page, is the operation's, per Cloudflare's published schema; a call that reads only the
 * first page gets a false "not found" on a large account.
 */
import type { PlatformApi, RequestOptions, ResultInfo } from "./api.js";

export interface Paging<Result, Item> {
  by: "page" | "cursor";
  /** The page size to ask for; the operation's default when absent. */
  perPage?: number;
  /** The items of one page's result (default: the result is the list). */
  items?: (result: Result) => Item[];
}

/** A guard against an API that never says it is done. */
const MAX_PAGES = 1000;

export async function listAll<Item, Result = Item[]>(api: PlatformApi, path: string, paging: Paging<Result, Item>, query: RequestOptions["query"] = {}): Promise<Item[]> {
  const items = paging.items ?? ((result: Result) => result as unknown as Item[]);
  const all: Item[] = [];
  let page = 1;
  let cursor: string | undefined;
  for (let fetched = 0; fetched < MAX_PAGES; fetched++) {
    const position = paging.by === "page" ? { page } : { cursor };
    const answer = await api.page<Result>(path, { ...query, ...position, per_page: paging.perPage });
    all.push(...(items(answer.result) ?? []));
    if (paging.by === "page" ? !morePages(answer.info) : !answer.info?.cursor) return all;
    page += 1;
    cursor = answer.info?.cursor ?? undefined;
  }
  throw new Error(`${path}: more than ${MAX_PAGES} pages`);
}

function morePages(info: ResultInfo | undefined): boolean {
  if (info?.page === undefined || info.per_page === undefined) return false;
  if (info.total_pages !== undefined) return info.page < info.total_pages;
  return info.total_count !== undefined && info.page * info.per_page < info.total_count;
}
