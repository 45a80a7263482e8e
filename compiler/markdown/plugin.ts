/**
 * Rollup plugin compiling `.md` pages to page modules. A frontmatter mistake becomes a Rollup error
 * with `pluginCode` SDK_MARKDOWN_FRONTMATTER and the location (Rollup's columns count from 0).
 * The Markdown toolchain (unified, remark, rehype, YAML) loads with the first `.md` page.
 */
import type { Plugin } from "rollup";
import { codeFrame } from "../diagnostics.js";
import { MarkdownFrontmatterError } from "./frontmatter-error.js";
import type { MarkdownLibrary } from "./module.js";

export function markdownPages(library: MarkdownLibrary): Plugin {
  return {
    name: "sdk:markdown",
    async transform(source, id) {
      if (!id.endsWith(".md")) return null;
      const { markdownPageModule } = await import("./module.js");
      try {
        // The module is generated, not moved source: it maps to no Markdown line.
        return { code: markdownPageModule(source, id, library), map: { mappings: "" } };
      } catch (cause) {
        if (!(cause instanceof MarkdownFrontmatterError)) throw cause;
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
