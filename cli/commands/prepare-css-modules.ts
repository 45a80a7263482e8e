/**
 * The app's CSS modules and their classes, for `sdk prepare`'s declarations: every
 * `*.module.css` (`.scss`, `.less`, …) of the project outside node_modules, dot folders (.sdk/
 * among them) and the build's output, dist/, compiled as the build compiles it, so Sass and PostCSS classes count too. A
 * module that does not compile is a warning: it keeps the string-index type until it does.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { stylesheetCompiler, StylesheetError } from "../../compiler/css/compile-stylesheet.js";
import { CSS_MODULE_FILE } from "../../compiler/css/scoped-names.js";
import { warning, type Diagnostic } from "../../compiler/diagnostics.js";
import { toPosixRelative } from "../../compiler/paths.js";
import { listFiles } from "../../compiler/scan/files.js";
import type { CssModuleClasses } from "../../emitters/css-module-types.js";

/** The build's output: what is in it came from the app's sources, which are read instead. */
const OUTPUT_DIR = "dist";

export async function readCssModules(root: string): Promise<{ modules: CssModuleClasses[]; diagnostics: Diagnostic[] }> {
  const files = listFiles(root, {
    recursive: true,
    include: (name, isDirectory) => (isDirectory ? !name.startsWith(".") && name !== OUTPUT_DIR : CSS_MODULE_FILE.test(name)),
  });
  const compile = stylesheetCompiler(root, "development");
  const modules: CssModuleClasses[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    const absolute = path.join(root, file);
    try {
      const { classes = {} } = await compile(await readFile(absolute, "utf8"), absolute);
      modules.push({ file, classes });
    } catch (cause) {
      if (!(cause instanceof StylesheetError)) throw cause;
      diagnostics.push(warning("SDK_CSS_MODULE_UNREAD", `${cause.message}; its classes are typed as any string until it compiles`, {
        file: toPosixRelative(root, cause.file),
        ...(cause.line !== undefined && { line: cause.line, column: cause.column ?? 1 }),
        hint: "fix the stylesheet and run sdk prepare again",
      }));
    }
  }
  return { modules, diagnostics };
}
