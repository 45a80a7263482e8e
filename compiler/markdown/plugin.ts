/**
 * Rollup plugin compiling `.md` pages to page modules. A frontmatter mistake or a link to no page
 * becomes a Rollup error with `pluginCode` SDK_MARKDOWN_FRONTMATTER or SDK_MARKDOWN_LINK and the
 * location (Rollup's columns count from 0).
 * The Markdown toolchain (unified, remark, rehype, YAML) loads with the first `.md` page.
 */
import type { Plugin } from "rollup";
import { codeFrame } from "../diagnostics.js";
import { MarkdownError } from "./errors.js";
import type { PageLinks } from "./links.js";
import type { MarkdownLibrary } from "./module.js";

/** `links`: the app's pages, so a relative link to a page's `.md` file becomes its URL. */
export function markdownPages(library: MarkdownLibrary, links?: PageLinks): Plugin {
  return {
    name: "sdk:markdown",
    async transform(source, id) {
      if (!id.endsWith(".md")) return null;
      const { markdownPageModule } = await import("./module.js");
      try {
        // The module is generated, not moved source: it maps to no Markdown line.
        return { code: markdownPageModule(source, id, library, links), map: { mappings: "" } };
      } catch (cause) {
        if (!(cause instanceof MarkdownError)) throw cause;
        return this.error({
          code: cause.code,
          message: cause.hint ? `${cause.message} ${cause.hint}` : cause.message,
          id,
          loc: { file: cause.file, line: cause.line, column: cause.column - 1 },
          frame: codeFrame(source, cause.line, cause.column),
          cause,
        });
      }
    },
  };
}
