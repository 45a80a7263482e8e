/**
 * dist/client to the platform's asset store: a manifest of every file (URL path, content hash,
 * size), then only the files the store lacks, in the buckets the session names. Unchanged files
 * cost nothing on the next deploy.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PlatformApi } from "../platform/api.js";
import { startAssetsUpload, uploadAssetsBucket, type AssetManifest } from "../platform/assets.js";
import { contentTypeFor } from "../../compiler/scan/mime.js";

export interface AssetFiles {
  manifest: AssetManifest;
  /** URL path to absolute file. */
  files: Map<string, string>;
}

/** The hash names the bytes and the extension, since the store serves a file's type from it. */
export function collectAssets(clientDir: string): AssetFiles {
  const manifest: AssetManifest = {};
  const files = new Map<string, string>();
  if (!existsSync(clientDir)) return { manifest, files };
  for (const relative of walk(clientDir)) {
    const file = path.join(clientDir, relative);
    const bytes = readFileSync(file);
    const urlPath = `/${relative.split(path.sep).join("/")}`;
    manifest[urlPath] = { hash: createHash("sha256").update(bytes).update(path.extname(file)).digest("hex").slice(0, 32), size: bytes.length };
    files.set(urlPath, file);
  }
  return { manifest, files };
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
