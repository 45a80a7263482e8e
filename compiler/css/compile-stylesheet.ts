/**
 * A stylesheet compiled as Vite compiles it, by Vite itself (`preprocessCSS`): Sass, Less and
 * Stylus when the app installs them, the app's PostCSS config (Tailwind's plugin among them),
 * `@import`s inlined, and for a CSS module (`*.module.css`) its classes scoped by postcss-modules
 * and named as the dev server names them (scoped-names.ts).
 */
import type { ResolvedConfig } from "vite";
import type { BuildMode } from "../ir.js";
import { CSS_MODULE_FILE, cssModulesOptions } from "./scoped-names.js";

export interface CompiledStylesheet {
  css: string;
  /** A CSS module's classes: each name as written, to its scoped name(s). */
  classes?: Record<string, string>;
  /** Every file the stylesheet read (its `@import`s, a module's `composes … from`), to watch. */
  deps: string[];
}

/** A mistake in the app's stylesheet (or a preprocessor it needs and lacks), where it is known. */
export class StylesheetError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = "StylesheetError";
  }
}

export type StylesheetCompiler = (code: string, file: string) => Promise<CompiledStylesheet>;

interface PostcssFailure {
  message?: string;
  reason?: string;
  loc?: { file?: string; line?: number; column?: number };
}

/** One per bundle: Vite's config is resolved on the first stylesheet, then shared. */
export function stylesheetCompiler(root: string, mode: BuildMode): StylesheetCompiler {
  let config: Promise<{ preprocessCSS: typeof import("vite").preprocessCSS; config: ResolvedConfig }> | undefined;
  const load = async () => {
    const vite = await import("vite");
    const resolved = await vite.resolveConfig(
      { configFile: false, envDir: false, root, mode, logLevel: "silent", css: { modules: cssModulesOptions(root) } },
      mode === "production" ? "build" : "serve",
    );
    return { preprocessCSS: vite.preprocessCSS, config: resolved };
  };
  return async (code, file) => {
    const vite = await (config ??= load());
    try {
      const result = await vite.preprocessCSS(code, file, vite.config);
      return {
        css: result.code,
        ...(CSS_MODULE_FILE.test(file) && { classes: result.modules ?? {} }),
        deps: [...(result.deps ?? [])],
      };
    } catch (cause) {
      throw located(cause as PostcssFailure, file);
    }
  };
}

/** postcss-import's failure to read an `@import`ed file, as Vite passes it on. */
const MISSING_FILE = /^ENOENT: no such file or directory, open '([^']+)'/;

/** PostCSS's syntax errors carry their place; a missing `@import` only the path as written. */
function located(failure: PostcssFailure, file: string): StylesheetError {
  const message = (failure.reason ?? failure.message ?? String(failure)).replace(/^\[postcss\]\s*/, "");
  const missing = MISSING_FILE.exec(message);
  if (missing) return new StylesheetError(`an @import names ${missing[1]}, which does not exist`, file);
  const { loc } = failure;
  return new StylesheetError(message, loc?.file ?? file, loc?.line, loc?.column);
}
