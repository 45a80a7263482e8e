/**
 * Packages name some dependencies optional peers and import them only inside a try (node-redis and
 * `@node-rs/xxhash`, for a hash function few use). Such an import that does not resolve is left
 * to fail at run time, where the package catches it, as it would unbundled; any other unresolved
 * import stops the build. Our own optional peers are not such imports: an app that needs one has
 * it checked before the build (validate/optional-packages.ts), so a missing one stops the build.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../compiler/paths.js";

interface PeerManifest {
  name?: string;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** True when the package holding `importer` declares the package `specifier` names an optional peer. */
export function isOptionalPeerImport(importer: string, specifier: string): boolean {
  if (specifier.startsWith(".") || path.isAbsolute(specifier)) return false;
  const owner = owningManifest(importer);
  if (!owner || owner.dir === PACKAGE_ROOT) return false;
  return owner.manifest.peerDependenciesMeta?.[packageName(specifier)]?.optional === true;
}

/** The nearest package.json with a name above `file`: the package the file belongs to. */
function owningManifest(file: string): { dir: string; manifest: PeerManifest } | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, "package.json");
    if (!existsSync(candidate)) continue;
    const manifest = JSON.parse(readFileSync(candidate, "utf8")) as PeerManifest;
    if (manifest.name) return { dir, manifest };
  }
  return undefined;
}
