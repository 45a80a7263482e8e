/**
 * A bundler plugin (listed in bundler.config.ts) giving the layout two modules made from the
 * Markdown pages at build time: `virtual:docs-nav`, the sidebar, imported by every page, and
 * `virtual:docs-search`, the search index, imported on demand so only a search downloads it.
 */
import path from "node:path";
import type { Plugin } from "rollup";
import { DocsPageError, markdownFiles, navigation, readPages, searchEntries } from "./read-pages.ts";

const MODULES = ["virtual:docs-nav", "virtual:docs-search"] as const;
type VirtualModule = (typeof MODULES)[number];

export interface DocsIndexOptions {
  /** The app's pages/ folder, absolute. */
  pagesDir: string;
}

export function docsIndex({ pagesDir }: DocsIndexOptions): Plugin {
  return {
    name: "docs-index",
    resolveId(source) {
      return (MODULES as readonly string[]).includes(source) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith("\0virtual:docs-")) return null;
      // Both modules follow every page: an edit of one rebuilds them in sdk dev.
      for (const file of markdownFiles(pagesDir)) this.addWatchFile(path.join(pagesDir, file));
      try {
        const pages = readPages(pagesDir);
        const data = (id.slice(1) as VirtualModule) === "virtual:docs-nav" ? navigation(pages) : searchEntries(pages);
        return `export default ${JSON.stringify(data)};`;
      } catch (cause) {
        if (cause instanceof DocsPageError) this.error(cause.message);
        throw cause;
      }
    },
  };
}
