import type { AssetEntry, AssetManifest } from "./manifest.js";

/** The asset served at a decoded URL path: the exact file, else the directory's `index.html`. */
export function lookupAsset(manifest: AssetManifest, path: string): AssetEntry | undefined {
  return ownEntry(manifest, path) ?? ownEntry(manifest, path.endsWith("/") ? `${path}index.html` : `${path}/index.html`);
}

function ownEntry(manifest: AssetManifest, key: string): AssetEntry | undefined {
  return Object.hasOwn(manifest, key) ? manifest[key] : undefined;
}
