/**
 * A worker that exists before the first deploy, as `wrangler secret put` makes one: secrets can
 * only be set on an existing script, so a placeholder is uploaded that answers 503 until
 * `sdk deploy` replaces it. It has no bindings; the deploy brings them, and keeps the secrets.
 */
import type { PlatformApi } from "./api.js";
import { uploadAndDeploy } from "./scripts.js";

const DRAFT_MODULE = `export default {
  fetch() {
    return new Response("This worker is not deployed yet: run sdk deploy.", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  },
};
`;

export function draftWorkerForm(compatibilityDate: string): FormData {
  const form = new FormData();
  const metadata = { main_module: "index.mjs", compatibility_date: compatibilityDate, bindings: [] };
  form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }));
  form.append("index.mjs", new Blob([DRAFT_MODULE], { type: "application/javascript+module" }), "index.mjs");
  return form;
}

export async function createDraftWorker(api: PlatformApi, accountId: string, name: string, compatibilityDate: string): Promise<void> {
  await uploadAndDeploy(api, accountId, name, draftWorkerForm(compatibilityDate));
}
