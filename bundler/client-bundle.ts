/**
 * The client build of an app's pages: the generated browser entry, split by Rolldown into one
 * chunk per page and layout (the entry loads each with `import()`), with hashed names under
 * dist/client/assets/, and the manifest that tells the document which chunks to preload and which
 * stylesheets to link for each page.
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import path from "node:path";
import type { LogLevel, LogOrStringHandler, OutputAsset, OutputChunk, RolldownPluginOption, RollupLog } from "rolldown";
import type { Plugin } from "rollup";
import { importPosition } from "../compiler/config/evaluate.js";
import { error, UserError } from "../compiler/diagnostics.js";
import type { BuildMode } from "../compiler/ir.js";
import { toPosixRelative } from "../compiler/paths.js";
import { sdkResolverPlugin } from "../compiler/resolve-sdk.js";
import { loadRolldown } from "../compiler/rolldown.js";
import type { UiLibrary } from "../compiler/ui/library.js";
import { uiRolldownSettings } from "../compiler/ui/rolldown-settings.js";
import type { ClientManifest, ClientPageAssets } from "../runtime/pages/types.js";
import { isBuiltin, SOURCE_EXTENSIONS } from "./bundle.js";
import { bundledChunks, type BundledChunk } from "./chunk-modules.js";
import { cssPlugin } from "./css-plugin.js";

export interface ClientPage {
  /** The page's id in the page table (its project-relative file). */
  id: string;
  /** Absolute path of the page module, as the client entry imports it. */
  file: string;
  /** Outermost first. */
  layouts: { id: string; file: string }[];
}

export interface ClientBundleOptions {
  root: string;
  /** The generated client entry. */
  entry: string;
  /** Where the client is written; every file goes under its assets/ folder, named as it is served. */
  outDir: string;
  mode: BuildMode;
  library: UiLibrary;
  pages: ClientPage[];
  /** Plugins from the user's bundler.config.ts, run before ours. */
  userPlugins?: Plugin[];
}

export interface ClientBundleResult {
  manifest: ClientManifest;
  /** Absolute paths of every file written, source maps included. */
  files: string[];
  warnings: string[];
  /** Chunks under assets/ with their modules, for the build report. */
  chunks: BundledChunk[];
}

/** package.json `exports` conditions for the browser, most preferred first. */
const BROWSER_CONDITIONS = ["browser", "import", "default"];
/** ES2022, as the server bundles: every browser the pages support runs it. */
const TRANSFORM_TARGET = "es2022";
const QUIET_WARNINGS = new Set(["THIS_IS_UNDEFINED", "CIRCULAR_DEPENDENCY"]);

export async function bundleClient(options: ClientBundleOptions): Promise<ClientBundleResult> {
  const { library, mode, outDir, root } = options;
  const warnings: string[] = [];
  // An unresolved package left external would only fail in the visitor's browser.
  const onLog = (level: LogLevel, log: RollupLog, handle: LogOrStringHandler) => {
    if (log.code === "UNRESOLVED_IMPORT") return handle("error", log);
    if (level === "warn" && !QUIET_WARNINGS.has(log.code ?? "")) warnings.push(log.message);
  };
  const css = cssPlugin({ side: "client", root, mode });
  const [{ rolldown }, ui] = await Promise.all([loadRolldown(), uiRolldownSettings(library, { mode, side: "client", root })]);
  try {
    const bundle = await rolldown({
      input: options.entry,
      cwd: root,
      platform: "browser",
      onLog,
      plugins: [sdkResolverPlugin(), ...(options.userPlugins ?? []), css, ...ui.plugins] as RolldownPluginOption[],
      resolve: {
        conditionNames: [...BROWSER_CONDITIONS, ...ui.conditionNames],
        mainFields: ["browser", "module", "main"],
        extensions: [...new Set([...SOURCE_EXTENSIONS, ".jsx", ...ui.extensions])],
      },
      // The app's tsconfig.json is for its editor; the bundle compiles every app alike.
      tsconfig: false,
      transform: { target: TRANSFORM_TARGET, ...ui.transform },
    });
    const { output } = await bundle.write({
      dir: outDir,
      format: "es",
      entryFileNames: "assets/entry-[hash].js",
      chunkFileNames: "assets/[name]-[hash].js",
      assetFileNames: "assets/[name]-[hash][extname]",
      // Production maps are written for error tooling but not linked, so browsers never fetch source.
      sourcemap: mode === "production" ? "hidden" : true,
      minify: mode === "production",
      // No annotations (a minified bundle has no use for them) and no licence text, as Vite's.
      comments: mode === "production" ? false : { legal: false },
    });
    await bundle.close();
    // Rolldown lists each chunk's map among its assets: the manifest names scripts and stylesheets.
    const written = output.filter((file) => !file.fileName.endsWith(".map"));
    return {
      manifest: clientManifest(written, css.api!.stylesheets, options.pages),
      files: output.map((file) => path.join(outDir, file.fileName)),
      warnings,
      chunks: bundledChunks(root, written),
    };
  } catch (cause) {
    throw (await nodeModuleInBrowser(root, cause)) ?? cause;
  }
}

/**
 * The error for an import the bundler cannot resolve names the importer and the specifier;
 * Rolldown's comes as the first of the build's `errors`.
 */
interface UnresolvedImport {
  code?: string;
  id?: string;
  exporter?: string;
  errors?: UnresolvedImport[];
}

/** Node's modules resolve on the server and never in the browser: say so, and where such code goes. */
async function nodeModuleInBrowser(root: string, cause: unknown): Promise<UserError | null> {
  const failure = cause as UnresolvedImport;
  const { code, id, exporter } = failure.code === undefined ? (failure.errors?.[0] ?? failure) : failure;
  if (code !== "UNRESOLVED_IMPORT" || !id || !exporter || !isBuiltin(exporter)) return null;
  const file = toPosixRelative(root, id);
  return new UserError([error("SDK_CLIENT_NODE_MODULE", `${file} imports "${exporter}", a Node.js module, and it runs in the browser`, {
    file,
    ...(await importPosition(id, exporter)),
    hint: "move the code that needs it to the page's .server.ts (its loader or action), which runs only on the server",
  })]);
}

/**
 * `modules` lists the page's chunk, its layouts' chunks and everything they import statically,
 * without the entry chunk, which the document loads as its script anyway. `css` is in cascade
 * order: the entry's stylesheets, then each layout's from the outermost, then the page's, each
 * chunk's after those of the chunks it imports.
 */
function clientManifest(
  output: readonly (OutputChunk | OutputAsset)[],
  stylesheets: ReadonlyMap<string, readonly string[]>,
  pages: readonly ClientPage[],
): ClientManifest {
  const chunks = output.filter((file): file is OutputChunk => file.type === "chunk");
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("the client bundle has no entry chunk");
  // The bundler names modules by their real path; the pages may sit under a symlinked folder.
  const chunkOf = (file: string): OutputChunk => {
    const id = realpathSync.native(file);
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`the client entry does not import ${file}`);
    return chunk;
  };
  const assetsOf = (page: ClientPage): ClientPageAssets => {
    const own = chunkOf(page.file);
    const layouts = page.layouts.map((layout) => chunkOf(layout.file));
    const modules = withStaticImports([own, ...layouts], byFileName).filter((chunk) => chunk !== entry);
    const cascade = dependenciesFirst([entry, ...layouts, own], byFileName);
    return {
      modules: modules.map((chunk) => url(chunk.fileName)),
      css: [...new Set(cascade.flatMap((chunk) => stylesheets.get(chunk.fileName) ?? []))].map(url),
    };
  };
  return {
    version: versionOf(output),
    entry: url(entry.fileName),
    pages: Object.fromEntries(pages.map((page) => [page.id, assetsOf(page)])),
  };
}

/** The file names carry content hashes, so this changes exactly when the client does. */
function versionOf(output: readonly (OutputChunk | OutputAsset)[]): string {
  const names = output.map((file) => file.fileName).sort();
  return createHash("sha256").update(names.join("\n")).digest("hex").slice(0, 12);
}

function url(fileName: string): string {
  return `/${fileName}`;
}

/** The roots in their order, then what they import statically, breadth first; each chunk once. */
function withStaticImports(roots: readonly OutputChunk[], byFileName: ReadonlyMap<string, OutputChunk>): OutputChunk[] {
  const ordered = [...new Set(roots)];
  for (let i = 0; i < ordered.length; i++) {
    for (const imported of ordered[i]!.imports) {
      const chunk = byFileName.get(imported);
      if (chunk && !ordered.includes(chunk)) ordered.push(chunk);
    }
  }
  return ordered;
}

/** Each root after the chunks it imports statically (post-order); each chunk once. */
function dependenciesFirst(roots: readonly OutputChunk[], byFileName: ReadonlyMap<string, OutputChunk>): OutputChunk[] {
  const ordered: OutputChunk[] = [];
  const visited = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk): void => {
    if (visited.has(chunk)) return;
    visited.add(chunk);
    for (const imported of chunk.imports) {
      const dependency = byFileName.get(imported);
      if (dependency) visit(dependency);
    }
    ordered.push(chunk);
  };
  roots.forEach(visit);
  return ordered;
}
