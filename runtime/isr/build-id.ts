/**
 * The build's version as the bundle knows it: the bundler (bundler/build-id.ts) writes a hash of
 * the bundle over this placeholder, which has the hash's length so source maps stay right. The
 * Cache API store names its entries with it, so a new deploy never serves what an older build
 * rendered; the servers' Redis store hashes its bundle file instead (runtime/redis/build-version.ts).
 * Left as it is (a bundle made without our bundler), every build shares one version.
 */
export const BUILD_ID = "__SDK_BUILD_ID__";
