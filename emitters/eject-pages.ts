/**
 * What an ejected app with pages builds with: Vite and the UI library's own Vite plugin, two
 * builds (`vite build` for the browser, `vite build --ssr` for the server) where `sdk build` runs
 * two Rolldown bundles. Vite because it is what a project of these libraries is expected to build
 * with, and it runs Rolldown underneath: the library's plugin is the one `sdk dev` uses, given the
 * same options. A small plugin carried in build/ writes the client and asset manifests the
 * server links, and Markdown pages are compiled once, at the eject, into modules beside them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { markdownPageModule } from "../compiler/markdown/module.js";
import { renderedPages, type AppIR, type PageIR, type UiLibraryName } from "../compiler/ir.js";
import { packagePath } from "../compiler/paths.js";
import { PRESETS } from "../compiler/targets.js";
import { uiLibrary } from "../compiler/ui/libraries.js";
import type { EmittedFile } from "./emitted-file.js";
import { renderTemplate } from "./template.js";

/** The library's Vite plugin, set up as compiler/ui/<library>.ts sets it up for `sdk dev`, and the types its components need. */
const VITE_PLUGINS: Record<UiLibraryName, { package: string; import: string; call: string; typePackages: string[]; buildModules?: string[] }> = {
  react: { package: "@vitejs/plugin-react", import: 'import react from "@vitejs/plugin-react";', call: 'react({ jsxRuntime: "automatic", jsxImportSource: "react" })', typePackages: ["@types/react", "@types/react-dom"] },
  vue: {
    package: "@vitejs/plugin-vue",
    import: 'import { existsSync, readFileSync, realpathSync } from "node:fs";\nimport vue from "@vitejs/plugin-vue";\nimport { sfcCompiler } from "./build/vue-sfc-compiler.ts";',
    // The SFC compiler that reads pages' `InferProps<…>` and page exports (compiler/ui/vue-sfc-compiler.ts),
    // and the file system Vue resolves imported types through, as vueSfcOptions gives them.
    call: 'vue({\n      compiler: sfcCompiler(),\n      script: { fs: { fileExists: existsSync, readFile: (file) => (existsSync(file) ? readFileSync(file, "utf8") : undefined), realpath: realpathSync } },\n    })',
    typePackages: [],
    buildModules: ["vue-sfc-compiler.ts", "vue-default-export.ts", "vue-infer-props.ts"],
  },
  svelte: {
    package: "@sveltejs/vite-plugin-svelte",
    import: 'import { svelte } from "@sveltejs/vite-plugin-svelte";',
    // Styles always external, so they reach the page as stylesheets, as svelteCompilerOptions says.
    call: 'svelte({ configFile: false, emitCss: true, compilerOptions: { css: "external" } })',
    typePackages: [],
  },
  solid: { package: "vite-plugin-solid", import: 'import solid from "vite-plugin-solid";', call: "solid({ ssr: true, solid: { hydratable: true } })", typePackages: [] },
};

/** A Markdown page's compiled module sits beside where its `.md` was: `intro.md` is imported, `intro.md.ts` resolves. */
export function markdownModuleFile(page: PageIR): string {
  return `${page.file}.ts`;
}

export interface EjectedPagesBuild {
  files: EmittedFile[];
  buildScript: string;
  /** Packages the build and the type-check add, from sdk's own versions. */
  devPackages: string[];
}

/** The aliases `{ find, replacement }` of the `sdk` modules, the entries of Vite's resolve.alias. */
function viteAliases(modules: Readonly<Record<string, string>>): string {
  const exact = Object.entries(modules).map(([specifier, file]) => `\n      { find: /^${specifier.replaceAll("/", "\\/")}$/, replacement: \`\${runtime}${file}\` },`);
  return ["\n      { find: /^sdk\\/runtime\\/(.*)$/, replacement: `${runtime}$1` },", ...exact].join("");
}

/** `define`: expressions replaced in the app's code beyond the library's own (env.ts's public values). */
export function ejectedPagesBuild(ir: AppIR, modules: Readonly<Record<string, string>>, define: Readonly<Record<string, string>> = {}): EjectedPagesBuild {
  const preset = PRESETS[ir.target];
  const library = uiLibrary(ir.ui!);
  const plugin = VITE_PLUGINS[library.name];
  const pages = renderedPages(ir).map((page) => ({ id: page.file, file: page.kind === "markdown" ? markdownModuleFile(page) : page.file, layouts: page.layouts }));
  const viteConfig = renderTemplate("eject/vite.config.ts.tpl", {
    uiImport: `\n${plugin.import}`,
    uiPlugin: plugin.call,
    pages: `[${pages.map((page) => `\n  ${JSON.stringify(page)},`).join("")}\n]`,
    manifestOptions: ir.target === "edge" ? ", { edge: true }" : "",
    aliases: viteAliases(modules),
    dedupe: JSON.stringify(library.dedupe),
    define: JSON.stringify({ ...library.compile.define("production"), ...define }),
    ssrTarget: JSON.stringify(ir.target === "edge" ? "webworker" : "node"),
    exportConditions: JSON.stringify(preset.exportConditions),
    entryFile: preset.entryFile,
    minify: String(preset.minify),
    chunks: preset.chunkFileNames === null ? "inlineDynamicImports: true" : `chunkFileNames: ${JSON.stringify(preset.chunkFileNames)}`,
  });
  return {
    files: [
      { path: "vite.config.ts", content: viteConfig },
      { path: "build/pages-manifests.ts", content: renderTemplate("eject/pages-manifests.ts.tpl", {}) },
      { path: "build/mime.ts", content: compilerModule("scan", "mime.ts") },
      ...(plugin.buildModules ?? []).map((module) => ({ path: `build/${module}`, content: compilerModule("ui", module) })),
      { path: "server/modules.d.ts", content: renderTemplate("eject/modules.d.ts.tpl", { components: componentModules(library.name) }) },
    ],
    buildScript: "vite build && vite build --ssr",
    devPackages: ["vite", plugin.package, ...plugin.typePackages],
  };
}

/**
 * A module of the compiler carried into the ejected build/ as its source (shipped in the package
 * for this), so the ejected build answers as `sdk build` does; its sibling imports named by their
 * `.ts` files as Vite's config loader and tsc read them.
 */
function compilerModule(folder: string, module: string): string {
  return readFileSync(packagePath("compiler", folder, module), "utf8").replace(/from "(\.\/[\w-]+)\.js"/g, 'from "$1.ts"');
}

/** What TypeScript alone cannot read of a library's component files: Svelte declares its own. */
function componentModules(library: UiLibraryName): string {
  if (library !== "vue") return "";
  return '\n\n/** A single-file component; vue-tsc reads its props, tsc takes it as any component. */\ndeclare module "*.vue" {\n  import type { DefineComponent } from "vue";\n  const component: DefineComponent;\n  export default component;\n}';
}

/** Each Markdown page as the module the build would compile it to, its links to other pages resolved. */
export function compileMarkdownPages(root: string, ir: AppIR): EmittedFile[] {
  if (!ir.ui) return [];
  const library = uiLibrary(ir.ui);
  const pages = renderedPages(ir);
  const links = {
    root,
    pageUrl(file: string) {
      const relative = path.relative(root, file).split(path.sep).join("/");
      const page = pages.find((candidate) => candidate.file === relative);
      return page && !/[:*]/.test(page.pattern) ? page.pattern : null;
    },
  };
  return pages.filter((page) => page.kind === "markdown").map((page) => {
    const file = path.join(root, page.file);
    return { path: markdownModuleFile(page), content: markdownPageModule(readFileSync(file, "utf8"), file, library, links, { typescript: true }) };
  });
}
