/**
 * The error a page's frontmatter raises, on its own so the bundler can recognise it without
 * loading the Markdown and YAML parsers (an app without Markdown pages never loads them).
 */
export const FRONTMATTER_ERROR_CODE = "SDK_MARKDOWN_FRONTMATTER";

/** A mistake in a page's frontmatter, at a 1-based line and column of the Markdown file. */
export class MarkdownFrontmatterError extends Error {
  readonly code = FRONTMATTER_ERROR_CODE;
  constructor(
    message: string,
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "MarkdownFrontmatterError";
  }
}
