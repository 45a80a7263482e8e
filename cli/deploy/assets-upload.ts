/**
 * dist/client to the platform's asset store: a manifest of every file (URL path, content hash,
 * size), then only the files the store lacks, in the buckets the session names. Unchanged files
 * cost nothing on the next deploy. `_headers` and `_redirects` are rules, not files to serve:
 * like wrangler (workers-shared `createAssetsIgnoreFunction`), they stay out of the manifest and
 * travel in the upload's `assets.config`.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PlatformApi } from "../platform/api.js";
import { startAssetsUpload, uploadAssetsBucket, type AssetManifest } from "../platform/assets.js";
import { contentTypeFor } from "../../compiler/scan/mime.js";
import type { AssetRules } from "./bindings.js";

/** The store's metafiles at the root of dist/client, never served. */
const RULE_FILES = { "/_headers": "headers", "/_redirects": "redirects" } as const;
const IGNORED = new Set(["/.assetsignore", ...Object.keys(RULE_FILES)]);

export interface AssetFiles {
  manifest: AssetManifest;
  /** URL path to absolute file. */
  files: Map<string, string>;
  rules: AssetRules;
}

/** The hash names the bytes and the extension, since the store serves a file's type from it. */
export function collectAssets(clientDir: string): AssetFiles {
  const manifest: AssetManifest = {};
  const files = new Map<string, string>();
  const rules: AssetRules = {};
  if (!existsSync(clientDir)) return { manifest, files, rules };
  for (const relative of walk(clientDir)) {
    const file = path.join(clientDir, relative);
    const bytes = readFileSync(file);
    const urlPath = `/${relative.split(path.sep).join("/")}`;
    if (urlPath in RULE_FILES) rules[RULE_FILES[urlPath as keyof typeof RULE_FILES]] = bytes.toString("utf8");
    if (IGNORED.has(urlPath)) continue;
    manifest[urlPath] = { hash: createHash("sha256").update(bytes).update(path.extname(file)).digest("hex").slice(0, 32), size: bytes.length };
    files.set(urlPath, file);
  }
  return { manifest, files, rules };
}

export interface AssetsUploaded {
  jwt: string;
  uploaded: number;
  total: number;
}

export async function uploadAssets(api: PlatformApi, accountId: string, scriptName: string, assets: AssetFiles): Promise<AssetsUploaded> {
  const session = await startAssetsUpload(api, accountId, scriptName, assets.manifest);
  const fileByHash = new Map(Object.entries(assets.manifest).map(([urlPath, entry]) => [entry.hash, assets.files.get(urlPath)!]));
  let jwt = session.jwt;
  let uploaded = 0;
  for (const bucket of session.buckets) {
    const payload = Object.fromEntries(bucket.map((hash) => {
      const file = fileByHash.get(hash)!;
      return [hash, { base64: readFileSync(file).toString("base64"), contentType: contentTypeFor(file) }];
    }));
    const answer = await uploadAssetsBucket(api, accountId, session.jwt, payload);
    uploaded += bucket.length;
    if (answer.jwt) jwt = answer.jwt;
  }
  return { jwt, uploaded, total: Object.keys(assets.manifest).length };
}

function walk(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name), path.join(prefix, entry.name)) : [path.join(prefix, entry.name)]));
}
