/**
 * How a CSS module's classes are named, in the build (client and server bundles) and in the dev
 * server alike: from the class and the stylesheet's project-relative path, never from the text,
 * so the server's render, the browser's hydration and an edit in dev all agree on every name.
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import path from "node:path";

/** `card.module.css`, `theme.module.scss`: Vite's own test for a CSS module. */
export const CSS_MODULE_FILE = /\.module\.(?:css|less|sass|scss|styl|stylus|pcss|postcss|sss)$/;

/** Vite's `css.modules` options (postcss-modules'), for `resolveConfig` and the dev server alike. */
export interface CssModulesOptions {
  generateScopedName: (name: string, filename: string) => string;
}

export function cssModulesOptions(root: string): CssModulesOptions {
  // Modules are named by their real path in both bundlers; the app may sit under a symlink.
  const realRoot = realpathSync.native(root);
  return { generateScopedName: (name, filename) => scopedClassName(realRoot, name, filename) };
}

/** `_title_k3Zq9x`: the class, then six characters of the file's hash; a query (Vite's `?inline`) is not part of the file. */
export function scopedClassName(root: string, name: string, filename: string): string {
  const file = path.relative(root, filename.replace(/\?.*$/, "")).split(path.sep).join("/");
  const hash = createHash("sha256").update(file).digest("base64url").slice(0, 6);
  return `_${name}_${hash}`;
}
