/**
 * The `.sdk/types/pages.d.ts` that `sdk prepare` writes for an app with pages: it fills the
 * `Register` of the app's UI module (runtime/pages/app-paths.ts) with every path a page, a GET
 * route or a `routing` rule answers and every page's params, so a misspelt `<Link href>`,
 * `navigate()` or `useParams<"/route">()` does not compile. Without it those stay `string`.
 */
import type { AppIR, Segment } from "../compiler/ir.js";
import type { EmittedFile } from "./emitted-file.js";
import { renderTemplate } from "./template.js";

/** `/blog/[slug]`, `/docs/[...path]`: the page's path under pages/ as its files name it, groups left out. */
export function routeId(segments: readonly Segment[]): string {
  return `/${segments.map((segment) => (segment.kind === "static" ? segment.value : segment.kind === "param" ? `[${segment.name}]` : `[...${segment.name}]`)).join("/")}`;
}

/** Text inside a template literal type, read as written. */
function templateText(text: string): string {
  return text.replace(/[\\`]|\$\{/g, (match) => `\\${match}`);
}

const hasParameters = (segments: readonly Segment[]) => segments.some((segment) => segment.kind !== "static");

/** `"/about"`, or `` `/blog/${string}` `` when a segment is a parameter or catch-all. */
function pathType(segments: readonly Segment[]): string {
  const parts = segments.map((segment) => (segment.kind === "static" ? segment.value : null));
  if (!parts.includes(null)) return JSON.stringify(`/${parts.join("/")}`);
  return `\`/${parts.map((part) => (part === null ? "${string}" : templateText(part))).join("/")}\``;
}

function paramsType(segments: readonly Segment[]): string {
  const names = segments.flatMap((segment) => (segment.kind === "static" ? [] : [`readonly ${JSON.stringify(segment.name)}: string`]));
  return names.length ? `{ ${names.join("; ")} }` : "{}";
}

/** One member a line, sorted and each once (`/a/[x]` and `/a/[y]` are both `/a/${string}`). */
function unionLines(types: readonly string[]): string {
  const members = [...new Set(types)].sort();
  return members.length ? members.map((type) => `\n      | ${type}`).join("") : " never";
}

/** A placeholder (`:name`) or the splat (`*`) of a `routing` pattern (runtime/routing/pattern.ts). */
const ROUTING_WILDCARD = /(:[A-Za-z]\w*|\*)/;

/**
 * The paths `routing.redirects`, `rewrites` and `fallbacks` answer besides the pages and routes
 * (`/old/*` is `` `/old/${string}` ``). `*` alone would make every path valid, so it is left out:
 * an app with a catch-all fallback still has its links checked against its pages.
 */
function routingPaths(ir: AppIR): { fixed: string[]; patterns: string[] } {
  const routing = ir.config.routing ?? {};
  const sources = [routing.redirects, routing.rewrites, routing.fallbacks].flatMap((rules) => Object.keys(rules ?? {})).filter((source) => source !== "*");
  const split = sources.map((source) => source.split(ROUTING_WILDCARD));
  return {
    fixed: split.filter((parts) => parts.length === 1).map((parts) => JSON.stringify(parts[0])),
    patterns: split.filter((parts) => parts.length > 1).map((parts) => `\`${parts.map((part, index) => (index % 2 ? "${string}" : templateText(part))).join("")}\``),
  };
}

const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function pagePathTypes(ir: AppIR): EmittedFile[] {
  if (!ir.ui) return [];
  const answered = [...ir.pages, ...ir.routes.filter((route) => route.methods.some((m) => m.method === "GET"))];
  const fixed = answered.filter((entry) => !hasParameters(entry.segments)).map((entry) => pathType(entry.segments));
  const patterns = answered.filter((entry) => hasParameters(entry.segments)).map((entry) => pathType(entry.segments));
  const routing = routingPaths(ir);
  const pages = ir.pages.map((page) => ({ key: routeId(page.segments), params: paramsType(page.segments) })).sort(byKey);
  const pageLines = pages.map((page) => `\n      ${JSON.stringify(page.key)}: ${page.params};`);
  return [{
    path: "types/pages.d.ts",
    content: renderTemplate("pages.d.ts.tpl", {
      module: JSON.stringify(`sdk/${ir.ui}`),
      paths: unionLines([...fixed, ...routing.fixed]),
      patterns: unionLines([...patterns, ...routing.patterns]),
      pages: pageLines.length ? `${pageLines.join("")}\n    ` : "",
    }),
  }];
}
