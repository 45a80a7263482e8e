/**
 * The lines that say which prerendered paths the build left to the running app, and when it
 * renders them: `sdk deploy` before traffic moves on the edge, the first request on node, bun and
 * deno (docs/pages/pages.md, "Prerendering").
 */
import type { DeferredPrerender } from "../build/prerender.js";
import type { Target } from "../compiler/ir.js";
import { dim } from "./report.js";

export function deferredPrerenderLines(deferred: readonly DeferredPrerender[], target: Target): string[] {
  if (deferred.length === 0) return [];
  const when = target === "edge" ? "by sdk deploy on the uploaded version, before it gets traffic" : "by the server at each path's first request";
  return [
    dim(`prerendered later, ${when} (they read what the build does not have):`),
    ...deferred.map((job) => `  ${job.path} ${dim(`(${job.source} reads ${job.reads.join(", ")})`)}`),
  ];
}
