/**
 * Static assets: a session compares the manifest with the hashes the account stores and answers
 * the missing ones in buckets of `assetBucketSize`; each bucket comes back as multipart (fields
 * named by hash, base64 content) authorized by the session's JWT; the request that completes the
 * set answers 201 with the completion JWT a worker upload's `metadata.assets.jwt` then names.
 * When nothing is missing the session's JWT is already the completion token.
 * A session for a script that does not exist yet is allowed: a first deploy sends its assets
 * before the worker, as it does on the platform.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ApiError, CODE, jsonBody, ok, type Platform, type Route } from "./http.ts";
import { readForm } from "./multipart.ts";
import type { AssetManifest, AssetsConfig } from "./state.ts";

const newJwt = () => `stand-in.${randomBytes(24).toString("base64url")}`;

const invalid = (message: string) => new ApiError(400, CODE.invalidRequest, message);

function checkManifest(manifest: unknown): AssetManifest {
  if (!manifest || typeof manifest !== "object") throw invalid("manifest must be an object of path → { hash, size }");
  for (const [file, entry] of Object.entries(manifest as AssetManifest)) {
    if (!file.startsWith("/") || file.split("/").includes("..")) throw invalid(`manifest path ${file} must start with / and stay inside the assets`);
    if (typeof entry?.hash !== "string" || !entry.hash || typeof entry.size !== "number") throw invalid(`manifest entry ${file} needs a hash and a size`);
  }
  return manifest as AssetManifest;
}

export function assetsRoutes(platform: Platform): Route[] {
  const { assets } = platform.state;
  return [
    {
      method: "POST",
      pattern: "/accounts/:a/workers/scripts/:name/assets-upload-session",
      handle(request) {
        const manifest = checkManifest(jsonBody<{ manifest?: unknown }>(request).manifest);
        const missing = [...new Set(Object.values(manifest).map((entry) => entry.hash))].filter((hash) => !assets.files.has(hash));
        const completion = newJwt();
        if (!missing.length) {
          assets.completions.set(completion, { script: request.params.name, manifest });
          return ok({ jwt: completion, buckets: [] });
        }
        const jwt = newJwt();
        assets.sessions.set(jwt, { script: request.params.name, manifest, pending: new Set(missing), completion });
        const buckets: string[][] = [];
        for (let start = 0; start < missing.length; start += platform.assetBucketSize) buckets.push(missing.slice(start, start + platform.assetBucketSize));
        return ok({ jwt, buckets });
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/workers/assets/upload",
      auth: "session",
      async handle(request) {
        const session = request.bearer === undefined ? undefined : assets.sessions.get(request.bearer);
        if (!session) throw new ApiError(401, CODE.assetsSessionUnauthorized, "Unauthorized: the assets upload takes an upload session's JWT as its bearer token");
        const base64 = request.query.get("base64") === "true";
        const hashes = new Set(Object.values(session.manifest).map((entry) => entry.hash));
        const form = await readForm(request.headers["content-type"], request.body);
        for (const [hash, part] of form.entries()) {
          if (!hashes.has(hash)) throw invalid(`${hash} is not a hash of this upload session's manifest`);
          if (typeof part === "string") throw invalid(`field ${hash} is a plain field, not a file`);
          const content = Buffer.from(await part.arrayBuffer());
          assets.files.set(hash, { bytes: base64 ? Buffer.from(content.toString("utf8"), "base64") : content, contentType: part.type });
          session.pending.delete(hash);
        }
        if (session.pending.size) return ok({});
        assets.completions.set(session.completion, { script: session.script, manifest: session.manifest });
        return ok({ jwt: session.completion }, 201);
      },
    },
  ];
}

/**
 * The folder the assets of a completion token are written to, once per token and rules, for
 * Miniflare's asset server: `<stand-in folder>/assets/<digest>/<manifest path>`. The config's
 * `_headers` and `_redirects` go beside them as the files Miniflare's asset server applies, as
 * the platform applies the text the upload carries (a manifest path of that name is a file like
 * any other, and is refused: wrangler never lists one).
 */
export function assetsDirectory(platform: Platform, scriptName: string, assetsMetadata: { jwt?: string; config?: AssetsConfig }): string {
  const completion = assetsMetadata.jwt === undefined ? undefined : platform.state.assets.completions.get(assetsMetadata.jwt);
  const invalidUpload = (message: string) => new ApiError(400, CODE.invalidWorker, message);
  if (!completion) throw invalidUpload("metadata.assets.jwt is not a completion token of an assets upload session");
  if (completion.script !== scriptName) throw invalidUpload(`metadata.assets.jwt completed an assets upload for ${completion.script}, not ${scriptName}`);
  const rules = { _headers: assetsMetadata.config?._headers, _redirects: assetsMetadata.config?._redirects };
  for (const file of Object.keys(rules)) if (`/${file}` in completion.manifest) throw invalidUpload(`the assets manifest lists /${file}: its rules belong in metadata.assets.config.${file}`);
  const digest = createHash("sha256").update(assetsMetadata.jwt!).update(JSON.stringify(rules)).digest("hex").slice(0, 16);
  const directory = path.join(platform.dir, "assets", digest);
  if (existsSync(directory)) return directory;
  for (const [file, { hash }] of Object.entries(completion.manifest)) {
    const target = path.join(directory, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, platform.state.assets.files.get(hash)!.bytes);
  }
  mkdirSync(directory, { recursive: true });
  for (const [file, text] of Object.entries(rules)) if (typeof text === "string") writeFileSync(path.join(directory, file), text);
  return directory;
}
