/**
 * The errors a Markdown page raises, on their own so the bundler can recognise them without
 * loading the Markdown and YAML parsers (an app without Markdown pages never loads them).
 */
export const FRONTMATTER_ERROR_CODE = "SDK_MARKDOWN_FRONTMATTER";
export const LINK_ERROR_CODE = "SDK_MARKDOWN_LINK";

/** A mistake in a Markdown page, at a 1-based line and column of its file. */
export class MarkdownError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "MarkdownError";
  }
}

/** A mistake in a page's frontmatter. */
export class MarkdownFrontmatterError extends MarkdownError {
  constructor(message: string, file: string, line: number, column: number, hint?: string) {
    super(FRONTMATTER_ERROR_CODE, message, file, line, column, hint);
    this.name = "MarkdownFrontmatterError";
  }
}

/** A relative link to a `.md` file that is no page of the app. */
export class MarkdownLinkError extends MarkdownError {
  constructor(message: string, file: string, line: number, column: number, hint?: string) {
    super(LINK_ERROR_CODE, message, file, line, column, hint);
    this.name = "MarkdownLinkError";
  }
}
