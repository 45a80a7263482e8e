/**
 * Stylesheets imported by components and layouts (`.css`, and `.scss`, `.sass`, `.less`, `.styl`
 * when the app installs their compiler), compiled as Vite compiles them (compiler/css/). In the
 * client bundle the stylesheets' text is collected and each chunk whose modules import CSS gets
 * one stylesheet of its own, emitted beside it, so a page links exactly the CSS of the chunks it
 * loads. In the server bundle a stylesheet is an empty module: the server only links the client's
 * files. A CSS module (`*.module.css`) is also JavaScript on both sides, its class map, with the
 * same scoped names, so the server's HTML and the browser's hydration agree.
 */
import type { Plugin, PluginContext } from "rolldown";
import { stylesheetCompiler, StylesheetError } from "../compiler/css/compile-stylesheet.js";
import { cssModuleCode } from "../compiler/css/module-code.js";
import { CSS_MODULE_FILE } from "../compiler/css/scoped-names.js";
import type { BuildMode } from "../compiler/ir.js";
import { compareCodeUnits } from "../compiler/scan/files.js";
import type { UiSide } from "../compiler/ui/library.js";

export interface CssPluginApi {
  /** Per JS chunk file name, the stylesheets emitted for it; filled when the bundle is generated. */
  readonly stylesheets: ReadonlyMap<string, readonly string[]>;
}

export interface CssPluginOptions {
  side: UiSide;
  root: string;
  mode: BuildMode;
}

/** The app's stylesheets, and a UI library's style blocks as its plugin names them (`card.svelte?svelte&type=style&lang.css`). */
const STYLESHEET = /\.(?:css|less|sass|scss|styl|stylus|pcss|postcss|sss)$/;
const META_KEY = "sdk:css";

/** No side effects: without a class map, the bundler drops the import and the stylesheet lives on as CSS. */
const JS_MODULE = { map: { mappings: "" }, moduleSideEffects: false, moduleType: "js" } as const;

export function cssPlugin(options: CssPluginOptions): Plugin<CssPluginApi> {
  const { side } = options;
  const stylesheets = new Map<string, string[]>();
  const compile = stylesheetCompiler(options.root, options.mode);
  return {
    name: "sdk:css",
    api: { stylesheets },
    async transform(code, id) {
      if (!STYLESHEET.test(id)) return null;
      const isModule = CSS_MODULE_FILE.test(id);
      // The server needs a plain stylesheet for nothing; a module for its class names.
      if (side === "server" && !isModule) return { ...JS_MODULE, code: "" };
      const compiled = await compile(code, id).catch((cause: unknown) => {
        if (!(cause instanceof StylesheetError)) throw cause;
        const { message, file, line, column } = cause;
        return this.error({ message, id: file, ...(line !== undefined && { loc: { file, line, column: (column ?? 1) - 1 } }) });
      });
      for (const dep of compiled.deps.sort(compareCodeUnits)) this.addWatchFile(dep);
      return {
        ...JS_MODULE,
        code: compiled.classes ? cssModuleCode(compiled.classes) : "",
        ...(side === "client" && { meta: { [META_KEY]: compiled.css } }),
      };
    },
    generateBundle(_options, bundle) {
      stylesheets.clear();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const css = stylesheetsImportedBy(this, chunk.moduleIds);
        if (css.length === 0) continue;
        const reference = this.emitFile({ type: "asset", name: `${chunk.name}.css`, source: css.join("\n") });
        stylesheets.set(chunk.fileName, [this.getFileName(reference)]);
      }
    },
  };
}

/**
 * The text of the stylesheets the chunk's modules import: in the chunk's module order, then each
 * module's import order; each stylesheet once.
 */
function stylesheetsImportedBy(context: PluginContext, moduleIds: readonly string[]): string[] {
  const found = new Map<string, string>();
  for (const id of moduleIds) {
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) {
      const text = context.getModuleInfo(imported)?.meta[META_KEY] as string | undefined;
      if (text !== undefined && !found.has(imported)) found.set(imported, text);
    }
  }
  return [...found.values()];
}
