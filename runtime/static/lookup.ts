import type { AssetEntry, AssetManifest } from "./manifest.js";
import { normalizeRequestPath } from "./path.js";

/**
 * Every URL path an asset answers at, resolved as the edge's asset layer does by default: the
 * exact file, else `<path>.html`, else the folder's `index.html` (`/about` finds `about.html`,
 * `/docs` and `/docs/` find `docs/index.html`). Built once per manifest, so a request costs one
 * Map lookup.
 */
function buildIndex(manifest: AssetManifest): Map<string, AssetEntry> {
  const index = new Map<string, AssetEntry>();
  const add = (path: string, entry: AssetEntry) => {
    if (!index.has(path)) index.set(path, entry);
  };
  const entries = Object.entries(manifest);
  for (const [path, entry] of entries) index.set(path, entry);
  for (const [path, entry] of entries) {
    if (path.endsWith(".html") && !path.endsWith("/index.html")) add(path.slice(0, -".html".length), entry);
  }
  for (const [path, entry] of entries) {
    if (!path.endsWith("/index.html")) continue;
    const folder = path.slice(0, -"index.html".length);
    add(folder, entry);
    if (folder !== "/") add(folder.slice(0, -1), entry);
  }
  return index;
}

const indexes = new WeakMap<AssetManifest, Map<string, AssetEntry>>();

function indexOf(manifest: AssetManifest): Map<string, AssetEntry> {
  let index = indexes.get(manifest);
  if (index === undefined) {
    index = buildIndex(manifest);
    indexes.set(manifest, index);
  }
  return index;
}

export function lookupAsset(manifest: AssetManifest, path: string): AssetEntry | undefined {
  return indexOf(manifest).get(path);
}

/** An app without static files skips the asset layer's path checks altogether. */
export function hasAssets(manifest: AssetManifest): boolean {
  return indexOf(manifest).size > 0;
}

/** Whether a raw request path names one of the manifest's files; null when it has none. */
export function createAssetTest(manifest: AssetManifest): ((rawPath: string) => boolean) | null {
  if (!hasAssets(manifest)) return null;
  return (rawPath) => {
    const normalized = normalizeRequestPath(rawPath);
    return normalized.ok && lookupAsset(manifest, normalized.path) !== undefined;
  };
}
