import type { AssetEntry, AssetManifest } from "./manifest.js";

/**
 * The asset served at a decoded URL path, resolved as the edge's asset layer does by default:
 * the exact file, else `<path>.html`, else the folder's `index.html` (`/about` finds `about.html`,
 * `/docs` and `/docs/` find `docs/index.html`).
 */
export function lookupAsset(manifest: AssetManifest, path: string): AssetEntry | undefined {
  if (path.endsWith("/")) return ownEntry(manifest, path) ?? ownEntry(manifest, `${path}index.html`);
  return ownEntry(manifest, path) ?? ownEntry(manifest, `${path}.html`) ?? ownEntry(manifest, `${path}/index.html`);
}

function ownEntry(manifest: AssetManifest, key: string): AssetEntry | undefined {
  return Object.hasOwn(manifest, key) ? manifest[key] : undefined;
}
