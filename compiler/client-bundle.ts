/**
 * The client build of an app's pages: the generated browser entry, split by Rollup into one chunk
 * per page and layout (the entry loads each with `import()`), with hashed names under
 * dist/client/assets/, and the manifest that tells the document which chunks to preload and which
 * stylesheets to link for each page.
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import path from "node:path";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { rollup, type LogLevel, type LogOrStringHandler, type OutputAsset, type OutputChunk, type Plugin, type RollupLog } from "rollup";
import type { ClientManifest, ClientPageAssets } from "../runtime/pages/types.js";
import { isBuiltin, SOURCE_EXTENSIONS } from "./bundle.js";
import { importPosition } from "./config/evaluate.js";
import { cssPlugin } from "./css-plugin.js";
import { error, UserError } from "./diagnostics.js";
import type { BuildMode } from "./ir.js";
import { toPosixRelative } from "./paths.js";
import { sdkResolverPlugin } from "./resolve-sdk.js";
import type { UiLibrary } from "./ui/library.js";
import { uiRollupPlugins } from "./ui/rollup-plugins.js";

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
}

/** package.json `exports` conditions for the browser, most preferred first. */
const BROWSER_CONDITIONS = ["browser", "import", "default"];
const QUIET_WARNINGS = new Set(["THIS_IS_UNDEFINED", "CIRCULAR_DEPENDENCY"]);

export async function bundleClient(options: ClientBundleOptions): Promise<ClientBundleResult> {
  const { library, mode, outDir } = options;
  const warnings: string[] = [];
  // An unresolved package left external would only fail in the visitor's browser.
  const onLog = (level: LogLevel, log: RollupLog, handle: LogOrStringHandler) => {
    if (log.code === "UNRESOLVED_IMPORT") return handle("error", log);
    if (level === "warn" && !QUIET_WARNINGS.has(log.code ?? "")) warnings.push(log.message);
  };
  const css = cssPlugin("client");
  try {
    const bundle = await rollup({
      input: options.entry,
      onLog,
      plugins: [
        sdkResolverPlugin(),
        ...(options.userPlugins ?? []),
        nodeResolve({
          browser: true,
          // The mode as a condition, as Vite sets it: Svelte and Solid pick their dev builds by it.
          exportConditions: [...BROWSER_CONDITIONS, ...(library.compile.exportConditions ?? []), mode],
          preferBuiltins: false,
          extensions: [...new Set([...SOURCE_EXTENSIONS, ...library.pageExtensions])],
          dedupe: [...library.dedupe],
          rootDir: options.root,
        }),
        css,
        ...uiRollupPlugins(library, {
          mode,
          side: "client",
          esbuild: { target: "es2022", minify: mode === "production", sourceMap: true, tsconfig: false, legalComments: "none" },
        }),
      ],
    });
    const { output } = await bundle.write({
      dir: outDir,
      format: "es",
      entryFileNames: "assets/entry-[hash].js",
      chunkFileNames: "assets/[name]-[hash].js",
      assetFileNames: "assets/[name]-[hash][extname]",
      // Production maps are written for error tooling but not linked, so browsers never fetch source.
      sourcemap: mode === "production" ? "hidden" : true,
      generatedCode: "es2015",
    });
    await bundle.close();
    return {
      manifest: clientManifest(output, css.api!.stylesheets, options.pages),
      files: output.map((file) => path.join(outDir, file.fileName)),
      warnings,
    };
  } catch (cause) {
    throw (await nodeModuleInBrowser(options.root, cause)) ?? cause;
  }
}

/** Rollup's error for an import it cannot resolve names the importer and the specifier. */
interface UnresolvedImport {
  code?: string;
  id?: string;
  exporter?: string;
}

/** Node's modules resolve on the server and never in the browser: say so, and where such code goes. */
async function nodeModuleInBrowser(root: string, cause: unknown): Promise<UserError | null> {
  const { code, id, exporter } = cause as UnresolvedImport;
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
  // Rollup names modules by their real path; the pages may sit under a symlinked folder.
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
