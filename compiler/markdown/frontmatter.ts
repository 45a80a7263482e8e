/**
 * A Markdown page's YAML frontmatter as JSON data: it travels to the browser in the page payload
 * and is printed into the compiled page module, so every value must survive JSON. The keys the
 * page system reads (title, description, prerender) are checked here, where their position is
 * still known, so a wrong one is a located error rather than a silently ignored value.
 */
import { isMap, isScalar, LineCounter, parseDocument, visit, type Document, type Node as YamlNode } from "yaml";
import { MarkdownFrontmatterError } from "./errors.js";

/** Where the YAML text sits in its Markdown file. */
export interface FrontmatterSource {
  file: string;
  /** The file line of the YAML's first line (the one after the opening `---`). */
  firstLine: number;
}

const KNOWN_KEYS: Readonly<Record<string, "string" | "boolean">> = {
  title: "string",
  description: "string",
  prerender: "boolean",
};

// YAML 1.2 reads `date: 2024-01-15` as text; authors of Markdown pages expect a date, as
// Jekyll, Hugo and js-yaml give them, so timestamps are recognized and then written as ISO text.
// Plain messages, because yaml's pretty ones give positions inside the block, not the file; and
// no console warnings in the middle of a build.
const PARSE_OPTIONS = { prettyErrors: false, customTags: ["timestamp" as const], logLevel: "error" as const };

const JSON_COLLECTION_TAGS = new Set([undefined, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"]);

export function parseFrontmatter(yamlText: string, source: FrontmatterSource): Record<string, unknown> {
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { ...PARSE_OPTIONS, lineCounter });
  const fail = (message: string, offset: number, hint?: string): never => {
    const { line, col } = lineCounter.linePos(offset);
    throw new MarkdownFrontmatterError(message, source.file, source.firstLine + line - 1, col, hint);
  };

  const [syntaxError] = document.errors;
  if (syntaxError) fail(`Invalid YAML in frontmatter: ${syntaxError.message}`, syntaxError.pos[0]);
  if (document.contents === null) return {};
  if (!isMap(document.contents)) {
    fail("Frontmatter must be a mapping of keys to values.", document.contents.range![0], "Write one `key: value` per line, e.g. `title: Getting started`.");
  }

  keepToJsonData(document, fail);
  checkKnownKeys(document, fail);
  return document.toJS() as Record<string, unknown>;
}

type Fail = (message: string, offset: number, hint?: string) => never;

/** Dates become ISO text; anything JSON cannot carry is refused where it is written. */
function keepToJsonData(document: Document, fail: Fail): void {
  visit(document, {
    Scalar(_, node) {
      const value: unknown = node.value;
      if (value instanceof Date) node.value = value.toISOString();
      else if (typeof value === "number" && !Number.isFinite(value)) fail(`\`${node.source ?? value}\` is not a JSON number.`, node.range![0], "Quote it to keep it as text.");
      else if (value instanceof Uint8Array) fail("Binary values cannot be frontmatter; frontmatter is JSON data.", node.range![0]);
    },
    Map(_, node) {
      if (!JSON_COLLECTION_TAGS.has(node.tag)) fail(`${shortTag(node.tag)} collections cannot be frontmatter; use a mapping.`, node.range![0]);
    },
    Seq(_, node) {
      if (!JSON_COLLECTION_TAGS.has(node.tag)) fail(`${shortTag(node.tag)} collections cannot be frontmatter; use a list.`, node.range![0]);
    },
    Pair(_, pair) {
      if (pair.key !== null && !isScalar(pair.key)) fail("Frontmatter keys must be text, not lists or mappings.", (pair.key as YamlNode).range![0]);
    },
    Alias(_, node, path) {
      const target = node.resolve(document);
      if (path.some((ancestor) => ancestor === target)) fail(`The alias *${node.source} refers to a value that contains it.`, node.range![0]);
    },
  });
}

/** `tag:yaml.org,2002:set` as the author wrote it: `!!set`. */
function shortTag(tag: string | undefined): string {
  return (tag ?? "").replace("tag:yaml.org,2002:", "!!");
}

function checkKnownKeys(document: Document, fail: Fail): void {
  for (const [key, type] of Object.entries(KNOWN_KEYS)) {
    const node = document.get(key, true) as YamlNode | undefined;
    if (node === undefined) continue;
    const value = isScalar(node) ? node.value : undefined;
    // `title:` with nothing after it is a title not written yet, not a wrong one.
    if (value !== null && typeof value !== type) {
      const hint = type === "string" ? `Quote it: ${key}: "…".` : `Write ${key}: true or ${key}: false.`;
      fail(`Frontmatter \`${key}\` must be ${type === "string" ? "text" : "true or false"}.`, node.range![0], hint);
    }
  }
}
