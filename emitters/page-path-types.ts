/**
 * The `.sdk/types/pages.d.ts` that `sdk prepare` writes for an app with pages: it fills the
 * `Register` of the app's UI module (runtime/pages/app-paths.ts) with every path a page or a GET
 * route answers and every page's params, so a misspelt `<Link href>`, `navigate()` or
 * `useParams<"/route">()` does not compile. Without it those stay `string`.
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

/** `"/about"`, or `` `/blog/${string}` `` when a segment is a parameter or catch-all. */
function pathType(segments: readonly Segment[]): string {
  if (segments.every((segment) => segment.kind === "static")) return JSON.stringify(`/${segments.map((segment) => segment.value).join("/")}`);
  return `\`/${segments.map((segment) => (segment.kind === "static" ? templateText(segment.value) : "${string}")).join("/")}\``;
}

function paramsType(segments: readonly Segment[]): string {
  const names = segments.flatMap((segment) => (segment.kind === "static" ? [] : [`readonly ${JSON.stringify(segment.name)}: string`]));
  return names.length ? `{ ${names.join("; ")} }` : "{}";
}

const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function pagePathTypes(ir: AppIR): EmittedFile[] {
  if (!ir.ui) return [];
  const answered = [...ir.pages, ...ir.routes.filter((route) => route.methods.some((m) => m.method === "GET"))];
  const paths = [...new Set(answered.map((entry) => pathType(entry.segments)))].sort();
  const pages = ir.pages.map((page) => ({ key: routeId(page.segments), params: paramsType(page.segments) })).sort(byKey);
  const pageLines = pages.map((page) => `\n      ${JSON.stringify(page.key)}: ${page.params};`);
  return [{
    path: "types/pages.d.ts",
    content: renderTemplate("pages.d.ts.tpl", {
      module: JSON.stringify(`sdk/${ir.ui}`),
      paths: paths.length ? paths.map((path) => `\n      | ${path}`).join("") : " never",
      pages: pageLines.length ? `${pageLines.join("")}\n    ` : "",
    }),
  }];
}
