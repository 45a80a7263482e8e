/**
 * The containers API client (cli/platform/containers.ts): the application list is read page by
 * page through `next_page_token` (the official types' PageTokenPagination) until the name is
 * found; the registry credentials ask for push and pull for 15 minutes, as wrangler's login does.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page, PlatformApi } from "../../../cli/platform/api.ts";
import { findApplication, MANAGED_REGISTRY, registryCredentials } from "../../../cli/platform/containers.ts";

function pagedApi(pages: Page<{ id: string; name: string }[]>[]) {
  const calls: { method: string; path: string; query?: unknown; json?: unknown }[] = [];
  const api = {
    async page(path: string, query?: unknown) {
      calls.push({ method: "GET", path, query });
      return pages.shift();
    },
    async request(method: string, path: string, options: { json?: unknown }) {
      calls.push({ method, path, json: options.json });
      return { username: "u", password: "p", registry_host: MANAGED_REGISTRY };
    },
  } as unknown as PlatformApi;
  return { api, calls };
}

test("the application is found past the first page; the list stops at the last page", async () => {
  const found = pagedApi([{ result: [{ id: "1", name: "other" }], info: { next_page_token: "t2" } as never }, { result: [{ id: "2", name: "runner" }] }]);
  assert.equal(await findApplication(found.api, "acc", "runner"), { id: "2", name: "runner" });
  assert.equal(found.calls.map((call) => call.query), [{ name: "runner", page_token: undefined }, { name: "runner", page_token: "t2" }]);
  const absent = pagedApi([{ result: [{ id: "1", name: "other" }] }]);
  assert.is(await findApplication(absent.api, "acc", "runner"), undefined);
  assert.is(absent.calls.length, 1);
});

test("registry credentials: push and pull, 15 minutes, for the managed registry", async () => {
  const { api, calls } = pagedApi([]);
  await registryCredentials(api, "acc");
  assert.equal(calls, [{ method: "POST", path: `/accounts/acc/containers/registries/${MANAGED_REGISTRY}/credentials`, json: { expiration_minutes: 15, permissions: ["push", "pull"] } }]);
});

test.run();
