/**
 * `.css` imports of components and layouts. In the client bundle the stylesheets' text is
 * collected and each chunk whose modules import CSS gets one stylesheet of its own, emitted beside
 * it, so a page links exactly the CSS of the chunks it loads. In the server bundle a stylesheet is
 * an empty module: the server only links the client's files.
 *
 * CSS modules (`*.module.css`) are not supported yet and stop the build with a clear message.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin, PluginContext } from "rolldown";
import type { UiSide } from "../compiler/ui/library.js";

export interface CssPluginApi {
  /** Per JS chunk file name, the stylesheets emitted for it; filled when the bundle is generated. */
  readonly stylesheets: ReadonlyMap<string, readonly string[]>;
}

const CSS_FILE = /\.css$/;
const CSS_MODULE_FILE = /\.module\.css$/;
const META_KEY = "sdk:css";
/** An unconditional `@import` of a relative file, alone on its line; media or layer conditions keep theirs. */
const RELATIVE_IMPORT = /^[ \t]*@import\s+(?:url\(\s*(["']?)(\.\.?\/[^"')]+)\1\s*\)|(["'])(\.\.?\/[^"']+)\3)\s*;/gm;

/**
 * No JavaScript and no side effects: the bundler drops the import, the stylesheet lives on as CSS.
 * A JavaScript module, so Rolldown does not take the `.css` file for a stylesheet it would bundle.
 */
const EMPTY_MODULE = { code: "", map: { mappings: "" }, moduleSideEffects: false, moduleType: "js" } as const;

export function cssPlugin(side: UiSide): Plugin<CssPluginApi> {
  const stylesheets = new Map<string, string[]>();
  return {
    name: "sdk:css",
    api: { stylesheets },
    async transform(code, id) {
      if (!CSS_FILE.test(id)) return null;
      if (CSS_MODULE_FILE.test(id)) this.error(`${path.basename(id)}: CSS modules (*.module.css) are not supported yet; import a plain .css file`);
      if (side === "server") return EMPTY_MODULE;
      // Kept in the module's meta, where generateBundle reads it.
      return { ...EMPTY_MODULE, meta: { [META_KEY]: await inlineRelativeImports(this, code, id, new Set([id])) } };
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

/** A stylesheet moves to assets/, where its relative `@import`s would no longer resolve. */
async function inlineRelativeImports(context: PluginContext, css: string, file: string, seen: Set<string>): Promise<string> {
  const replacements: string[] = [];
  for (const match of css.matchAll(RELATIVE_IMPORT)) {
    const imported = path.resolve(path.dirname(file), match[2] ?? match[4]!);
    if (seen.has(imported)) {
      replacements.push("");
      continue;
    }
    seen.add(imported);
    context.addWatchFile(imported);
    const text = await readFile(imported, "utf8").catch(() => context.error(`${path.basename(file)} imports ${match[2] ?? match[4]}, which does not exist`));
    replacements.push(await inlineRelativeImports(context, text, imported, seen));
  }
  let index = 0;
  return css.replace(RELATIVE_IMPORT, () => replacements[index++]!);
}
