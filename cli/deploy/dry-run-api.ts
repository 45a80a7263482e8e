/**
 * The API as `sdk deploy --dry-run` sees it: every request is written down and none is sent.
 * Lookups answer "none" (as for an account that has nothing yet beyond what sdk.lock.json
 * records) and creations answer placeholder ids, so the deploy walks its real path and the
 * written requests are the ones a deploy from this lock file would send.
 */
import { createHash } from "node:crypto";
import { PlatformApi, type Page, type RequestOptions } from "../platform/api.js";

export interface PlannedRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** Multipart parts, described: their bytes are in the artifact. */
  parts?: { name: string; filename?: string; type: string; bytes: number; sha256: string }[];
}

export class DryRunApi extends PlatformApi {
  readonly planned: PlannedRequest[] = [];
  private created = 0;
  private uploadedVersion: string | undefined;

  constructor(baseUrl?: string) {
    super("<token>", baseUrl);
  }

  override async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const query = Object.fromEntries(Object.entries(options.query ?? {}).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]));
    this.planned.push({
      method,
      path,
      ...(Object.keys(query).length && { query }),
      ...(options.json !== undefined && { json: options.json }),
      ...(options.form && { parts: await describeParts(options.form) }),
    });
    return this.answer(method, path, options.json) as T;
  }

  /** Every list is one page: the dry run's account has nothing beyond the lock file. */
  override async page<T>(path: string, query?: RequestOptions["query"]): Promise<Page<T>> {
    return { result: await this.request<T>("GET", path, { query }) };
  }

  private answer(method: string, path: string, json: unknown): unknown {
    const placeholder = (kind: string) => `dry-run-${kind}-${++this.created}`;
    if (method === "GET") {
      if (path.endsWith("/r2/buckets")) return { buckets: [] };
      // After a direct upload, the deployment it made names the new version.
      if (path.endsWith("/deployments")) return { deployments: this.uploadedVersion ? [{ id: placeholder("deployment"), created_on: "", versions: [{ version_id: this.uploadedVersion, percentage: 100 }] }] : [] };
      return [];
    }
    if (method === "PUT" && /\/workers\/scripts\/[^/]+$/.test(path)) {
      this.uploadedVersion = placeholder("version");
      return { id: path.split("/").at(-1) };
    }
    if (path.endsWith("/subdomain")) return json;
    if (path.endsWith("/d1/database")) return { uuid: placeholder("d1"), name: "" };
    if (path.endsWith("/kv/namespaces")) return { id: placeholder("kv"), title: "" };
    if (path.endsWith("/queues")) return { queue_id: placeholder("queue"), queue_name: "" };
    if (path.endsWith("/assets-upload-session")) {
      // A new account stores none of the files: all of them go up, in one bucket.
      const manifest = (json as { manifest: Record<string, { hash: string }> }).manifest;
      const hashes = Object.values(manifest).map((entry) => entry.hash);
      return { jwt: placeholder("assets-session"), buckets: hashes.length ? [hashes] : [] };
    }
    if (path.endsWith("/assets/upload")) return { jwt: placeholder("assets-completion") };
    if (path.endsWith("/versions")) return { id: placeholder("version"), number: 0 };
    if (path.endsWith("/query")) return [{ results: [], success: true, meta: {} }];
    return { id: placeholder("result") };
  }
}

async function describeParts(form: FormData): Promise<NonNullable<PlannedRequest["parts"]>> {
  const parts = [];
  for (const [name, value] of form.entries()) {
    const blob = typeof value === "string" ? new Blob([value]) : value;
    const bytes = Buffer.from(await blob.arrayBuffer());
    parts.push({ name, ...(value instanceof File && { filename: value.name }), type: blob.type, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  }
  return parts;
}
