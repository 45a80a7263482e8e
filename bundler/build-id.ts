/**
 * Stamps a bundle with its build's version (runtime/isr/build-id.ts): a hash of the bundle's files
 * as Rolldown wrote them, written over the placeholder wherever it stands. The same sources give
 * the same version; any change to them gives another. The hash has the placeholder's length, so
 * the source maps written beside the files stay right.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const PLACEHOLDER = "__SDK_BUILD_ID__";

/** `files`: the bundle's files, in `outDir` or below it (their names there enter the hash). */
export async function stampBuildId(outDir: string, files: readonly string[]): Promise<void> {
  const sorted = [...files].sort();
  const contents = await Promise.all(sorted.map((file) => readFile(file, "utf8")));
  if (!contents.some((content) => content.includes(PLACEHOLDER))) return;
  const hash = createHash("sha256");
  sorted.forEach((file, index) => hash.update(`${path.relative(outDir, file)}\0${contents[index]}\0`));
  const buildId = hash.digest("hex").slice(0, PLACEHOLDER.length);
  await Promise.all(
    sorted.map((file, index) => (contents[index]!.includes(PLACEHOLDER) ? writeFile(file, contents[index]!.replaceAll(PLACEHOLDER, buildId)) : undefined)),
  );
}
