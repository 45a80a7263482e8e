/** The target's bundle, on Rolldown, whose module loads only when a build bundles. */
import type { BundleOptions, BundleResult } from "./bundle.js";

export async function bundleTarget(options: BundleOptions): Promise<BundleResult> {
  return (await import("./rolldown-bundle.js")).bundleWithRolldown(options);
}
