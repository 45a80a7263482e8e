/**
 * `public/` -> AssetIR[]: every file served as-is from the root path, with its size, type and a
 * strong ETag from its content, so production never looks up a file path from a URL.
 * Dotfiles are private (`.env`, `.DS_Store`) except the `.well-known/` directory.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AssetIR } from "../ir.js";
import { compareCodeUnits, listFiles } from "./files.js";
import { contentTypeFor } from "./mime.js";

/** `root` makes `file` project-relative; it defaults to the folder above `public/`. */
export function scanPublic(publicDir: string | null, root = publicDir ? path.dirname(publicDir) : ""): AssetIR[] {
  if (!publicDir) return [];
  const prefix = path.relative(root, publicDir).split(path.sep).join("/");
  const files = listFiles(publicDir, {
    recursive: true,
    include: (name, isDirectory) => !name.startsWith(".") || (isDirectory && name === ".well-known"),
  });
  return files
    .map((relative): AssetIR => {
      const content = readFileSync(path.join(publicDir, relative));
      return {
        path: `/${relative}`,
        file: `${prefix}/${relative}`,
        size: content.byteLength,
        type: contentTypeFor(relative),
        etag: strongEtag(content),
      };
    })
    .sort((a, b) => compareCodeUnits(a.path, b.path));
}

export function strongEtag(content: Uint8Array): string {
  return `"${createHash("sha256").update(content).digest("hex").slice(0, 16)}"`;
}
