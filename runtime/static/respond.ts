/**
 * Answers a request from the asset manifest with web-standard Request and Response only; the
 * adapter supplies how a file's bytes are read on its runtime.
 */
import { hasAssets, lookupAsset } from "./lookup.js";
import type { AssetEntry, AssetManifest } from "./manifest.js";
import { normalizeRequestPath } from "./path.js";

/** Reads a manifest `file` (relative to the client directory) as a response body. */
export type ReadAsset = (file: string) => Promise<BodyInit>;

/** Browsers may cache but must ask again; the ETag makes that ask a cheap 304. */
const CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** A hashed build file never changes its bytes under the same name. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

function cacheControl(asset: AssetEntry): string {
  return asset.immutable ? IMMUTABLE_CACHE_CONTROL : CACHE_CONTROL;
}

/**
 * The manifest entry a request URL names, or undefined. A path that could never name a file is
 * not an asset; the app answers it, as on the edge, where such requests reach the worker (an API
 * route may take `a%2fb` as a parameter).
 */
export function findAsset(url: string, manifest: AssetManifest): AssetEntry | undefined {
  if (!hasAssets(manifest)) return undefined;
  const normalized = normalizeRequestPath(pathnameOf(url));
  return normalized.ok ? lookupAsset(manifest, normalized.path) : undefined;
}

/**
 * The asset response for a request, or `null` when no asset applies so the app should answer.
 * Not async on purpose: requests for the app pay no extra promise.
 */
export function serveAsset(request: Request, manifest: AssetManifest, readAsset: ReadAsset): Response | Promise<Response> | null {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return null;
  const asset = findAsset(request.url, manifest);
  if (asset === undefined) return null;
  if (etagMatches(request.headers.get("if-none-match"), asset.etag)) {
    return new Response(null, { status: 304, headers: { ETag: asset.etag, "Cache-Control": cacheControl(asset) } });
  }
  if (method === "HEAD") return new Response(null, { headers: assetHeaders(asset) });
  return readAsset(asset.file).then(
    (body) => new Response(body, { headers: assetHeaders(asset) }),
    (error: unknown) => {
      console.error(`[sdk] could not read asset ${asset.file}:`, error);
      return jsonError("Internal Server Error", 500);
    },
  );
}

/** The raw (still percent-encoded) path of an absolute URL, without parsing the whole URL. */
export function pathnameOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const char = url.charCodeAt(i);
    if (char === 63 /* ? */ || char === 35 /* # */) {
      end = i;
      break;
    }
  }
  return url.slice(start, end);
}

/** RFC 9110 If-None-Match: a list of tags or `*`, compared weakly (a `W/` prefix is ignored). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const opaque = withoutWeakPrefix(etag);
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || withoutWeakPrefix(tag) === opaque;
  });
}

function withoutWeakPrefix(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

function assetHeaders(asset: AssetEntry): Record<string, string> {
  return {
    "Content-Type": asset.type,
    "Content-Length": String(asset.size),
    ETag: asset.etag,
    "Cache-Control": cacheControl(asset),
  };
}

function jsonError(message: string, status: number): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}
