/**
 * The check a release waits for before (staged) or after (atomic) traffic moves: the version
 * answers `/` (readiness.ts), then renders every path the build left to it (prerender.ts).
 */
import type { DeferredPrerender } from "../../build/prerender.js";
import { prerenderOnVersion } from "./prerender.js";
import { checkReadiness, type ReadinessOptions, type ReadinessResult } from "./readiness.js";

/** The version answers, and then renders every path the build left to it; either failing keeps or takes back the traffic (release.ts). */
export async function readyAndPrerendered(host: string, deferred: readonly DeferredPrerender[], options: ReadinessOptions): Promise<ReadinessResult> {
  const readiness = await checkReadiness(host, options);
  if (!readiness.ready || deferred.length === 0) return readiness;
  const prerender = await prerenderOnVersion(host, deferred, options.env);
  return { ...readiness, ready: prerender.failure === undefined, prerender };
}
