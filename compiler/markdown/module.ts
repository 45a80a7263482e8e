/**
 * The JavaScript module a `.md` page compiles to: a `PageModule` like any page's, whose component
 * comes from the UI library's Markdown piece, so one compile step serves every library.
 * Frontmatter values are printed as JS literals only: title and description reach the head as
 * data, and the head renderer escapes them.
 */
import { renderMarkdown, type PageLinks } from "./render.js";

export interface MarkdownLibrary {
  /** Module id exporting `markdownPage(html)`, which returns the library's page component. */
  markdownComponent: string;
}

/** `typescript`: the module is written as a `.ts` file (sdk eject), its head's kind a literal type. */
export function markdownPageModule(source: string, file: string, library: MarkdownLibrary, links?: PageLinks, { typescript = false } = {}): string {
  const { html, frontmatter } = renderMarkdown(source, file, { links });
  const head = headLiteral(frontmatter);
  return [
    `import { markdownPage } from ${JSON.stringify(library.markdownComponent)};`,
    "",
    `export const frontmatter = ${jsLiteral(frontmatter)};`,
    ...(head ? [`export const head = { kind: "head"${typescript ? " as const" : ""}, fn: () => (${head}) };`] : []),
    // Markdown pages are static content: prerendered unless the author opts out.
    `export const prerender = ${frontmatter.prerender !== false};`,
    "",
    `export default markdownPage(${JSON.stringify(html)});`,
    "",
  ].join("\n");
}

/** The `HeadDescriptor` the frontmatter's title and description give, or null when it has neither. */
function headLiteral(frontmatter: Record<string, unknown>): string | null {
  const { title, description } = frontmatter;
  const fields: string[] = [];
  if (typeof title === "string") fields.push(`title: ${JSON.stringify(title)}`);
  if (typeof description === "string") fields.push(`meta: [{ name: "description", content: ${JSON.stringify(description)} }]`);
  return fields.length ? `{ ${fields.join(", ")} }` : null;
}

/**
 * JSON data as a JS expression. Not plain JSON.stringify: in an object literal, a `"__proto__"`
 * key would set the prototype instead of making a property, so it is written as a computed key.
 */
function jsLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => `${key === "__proto__" ? `["__proto__"]` : JSON.stringify(key)}: ${jsLiteral(item)}`);
    return entries.length ? `{ ${entries.join(", ")} }` : "{}";
  }
  return JSON.stringify(value);
}
