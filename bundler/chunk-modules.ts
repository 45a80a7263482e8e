/**
 * Which modules each chunk of a Rolldown build holds and how many bytes of the chunk each one
 * rendered: the build report's module-by-module view, read from the output Rolldown hands back
 * rather than from a second pass over the files.
 */
import path from "node:path";
import type { OutputAsset, OutputChunk } from "rolldown";

export interface ChunkModule {
  /** Project-relative, or `node_modules/<package>/...` for a dependency; a virtual module keeps its id. */
  id: string;
  /** Bytes of the chunk's code this module rendered, before minification of the whole chunk. */
  bytes: number;
}

export interface BundledChunk {
  /** As written under the bundle's output folder. */
  fileName: string;
  modules: ChunkModule[];
}

export function bundledChunks(root: string, output: readonly (OutputChunk | OutputAsset)[]): BundledChunk[] {
  return output
    .filter((file): file is OutputChunk => file.type === "chunk")
    .map((chunk) => ({
      fileName: chunk.fileName,
      modules: Object.entries(chunk.modules)
        .filter(([, module]) => module.renderedLength > 0)
        .map(([id, module]) => ({ id: moduleName(root, id), bytes: module.renderedLength })),
    }));
}

/** Paths from the project root, a package's files from its node_modules folder on (pnpm's nesting dropped). */
export function moduleName(root: string, id: string): string {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
  if (!path.isAbsolute(clean)) return clean;
  const posix = clean.split(path.sep).join("/");
  const packageAt = posix.lastIndexOf("/node_modules/");
  if (packageAt >= 0) return posix.slice(packageAt + 1);
  return path.relative(root, clean).split(path.sep).join("/");
}
