/**
 * Static assets go up before the worker: a session compares the manifest (path, hash, size) with
 * what the account already stores and names the hashes to send, in buckets; each bucket is one
 * multipart request authorized by the session's JWT, and the last answers the completion JWT the
 * worker upload's metadata carries.
 */
import type { PlatformApi } from "./api.js";

export type AssetManifest = Record<string, { hash: string; size: number }>;

export async function startAssetsUpload(api: PlatformApi, accountId: string, scriptName: string, manifest: AssetManifest): Promise<{ jwt: string; buckets: string[][] }> {
  return api.request("POST", `/accounts/${accountId}/workers/scripts/${encodeURIComponent(scriptName)}/assets-upload-session`, { json: { manifest } });
}

/** `files`: hash to base64 content. Answers the completion JWT once the last bucket is in. */
export async function uploadAssetsBucket(api: PlatformApi, accountId: string, sessionJwt: string, files: Record<string, { base64: string; contentType: string }>): Promise<{ jwt?: string }> {
  const form = new FormData();
  for (const [hash, file] of Object.entries(files)) form.append(hash, new Blob([file.base64], { type: file.contentType }), hash);
  return api.request("POST", `/accounts/${accountId}/workers/assets/upload`, { query: { base64: "true" }, form, bearer: sessionJwt });
}
