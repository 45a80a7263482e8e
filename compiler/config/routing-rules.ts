/**
 * What the JSON Schema cannot say about `routing`: every pattern key parses in the pattern
 * language (runtime/routing/pattern.ts), every destination can be filled from its pattern and
 * stays where it may go, and every header line is one the runtime can send. The runtime modules
 * own these rules; this file only walks the config and says where each mistake is.
 */
import type { SdkConfig } from "./define.js";
import type { LocateAt, PathKey } from "./locate.js";
import { headerLineProblem } from "../../runtime/routing/headers.js";
import { destinationProblem, patternProblem } from "../../runtime/routing/pattern.js";
import { redirectDestinationProblem, redirectLoopProblem } from "../../runtime/routing/redirects.js";
import { rewriteDestinationProblem } from "../../runtime/routing/rewrites.js";

export type RoutingRuleCode = "SDK_ROUTING_PATTERN" | "SDK_ROUTING_DESTINATION" | "SDK_ROUTING_HEADER";

export interface RoutingRuleProblem {
  keys: PathKey[];
  /** A pattern is an object key: the diagnostic points at the key, otherwise at the value. */
  at: LocateAt;
  /** Said of the config path, as every config diagnostic is: "is not a valid pattern: …". */
  predicate: string;
  hint: string;
  code: RoutingRuleCode;
}

const PATTERN_FIELDS = ["headers", "redirects", "rewrites", "fallbacks", "revalidate", "revalidateQueryAllowlist"] as const;

const PATTERN_HINT = 'Write a path starting with "/" with at most one "*" and whole-segment placeholders, e.g. "/blog/:year/*", or "*" for every path.';
const REDIRECT_HINT = 'Redirect to a path on this site ("/news/:splat") or a full URL ("https://example.com/:splat"), using only the pattern\'s "*" and placeholders.';
const LOOP_HINT = "Send it to a path the pattern does not match, or narrow the pattern so that its destination is left out.";
const REWRITE_HINT = 'Serve a path on this site, e.g. "/index.html" or "/handbook/:splat", using only the pattern\'s "*" and placeholders.';
const HEADER_HINT = 'Write one header per string, "Name: value", e.g. "X-Frame-Options: DENY".';

export function validateRoutingRules(config: SdkConfig): RoutingRuleProblem[] {
  const routing: unknown = (config as Record<string, unknown> | null)?.routing;
  if (!isRecord(routing)) return [];
  const problems: RoutingRuleProblem[] = [];
  for (const field of PATTERN_FIELDS) {
    const rules = routing[field];
    if (!isRecord(rules)) continue;
    for (const source of Object.keys(rules)) {
      const problem = patternProblem(source);
      if (problem) problems.push({ keys: ["routing", field, source], at: "key", predicate: `is not a valid pattern: ${problem}`, hint: PATTERN_HINT, code: "SDK_ROUTING_PATTERN" });
    }
  }
  problems.push(...redirectProblems(routing.redirects));
  problems.push(...rewriteProblems("rewrites", routing.rewrites));
  problems.push(...rewriteProblems("fallbacks", routing.fallbacks));
  problems.push(...headerProblems(routing.headers));
  return problems;
}

function redirectProblems(rules: unknown): RoutingRuleProblem[] {
  if (!isRecord(rules)) return [];
  const problems: RoutingRuleProblem[] = [];
  for (const [source, value] of Object.entries(rules)) {
    const to = typeof value === "string" ? value : isRecord(value) && typeof value.to === "string" ? value.to : null;
    if (to === null) continue;
    const keys = typeof value === "string" ? ["routing", "redirects", source] : ["routing", "redirects", source, "to"];
    const problem = redirectDestinationProblem(to) ?? destinationProblem(source, to);
    if (problem) {
      problems.push({ keys, at: "value", predicate: `is not a valid destination: ${problem}`, hint: REDIRECT_HINT, code: "SDK_ROUTING_DESTINATION" });
      continue;
    }
    const loop = redirectLoopProblem(source, to);
    if (loop) problems.push({ keys, at: "value", predicate: `redirects in a loop: ${loop}`, hint: LOOP_HINT, code: "SDK_ROUTING_DESTINATION" });
  }
  return problems;
}

function rewriteProblems(field: "rewrites" | "fallbacks", rules: unknown): RoutingRuleProblem[] {
  if (!isRecord(rules)) return [];
  const problems: RoutingRuleProblem[] = [];
  for (const [source, to] of Object.entries(rules)) {
    if (typeof to !== "string") continue;
    const problem = rewriteDestinationProblem(to) ?? destinationProblem(source, to);
    if (problem) problems.push({ keys: ["routing", field, source], at: "value", predicate: `is not a valid destination: ${problem}`, hint: REWRITE_HINT, code: "SDK_ROUTING_DESTINATION" });
  }
  return problems;
}

function headerProblems(rules: unknown): RoutingRuleProblem[] {
  if (!isRecord(rules)) return [];
  const problems: RoutingRuleProblem[] = [];
  for (const [source, lines] of Object.entries(rules)) {
    if (!Array.isArray(lines)) continue;
    lines.forEach((line: unknown, index) => {
      const problem = typeof line === "string" ? headerLineProblem(line) : null;
      if (problem) problems.push({ keys: ["routing", "headers", source, index], at: "value", predicate: `is not a valid header line: ${problem}`, hint: HEADER_HINT, code: "SDK_ROUTING_HEADER" });
    });
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
