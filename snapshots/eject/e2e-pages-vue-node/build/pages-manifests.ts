// The client build's report to the server build, as `sdk build` wrote it before the eject:
// after Vite writes dist/client, server/client-manifest.ts (per page, the chunks to preload and
// the stylesheets to link, in cascade order) and server/assets.ts (every file the server may
// send, with its type and a strong ETag) are written anew; `vite build --ssr` then bundles them.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { contentTypeFor } from "./mime.ts";

export interface ClientPage {
  /** The page's id in the page table: its project-relative file as the app was written. */
  id: string;
  /** The module the client entry imports for it (a Markdown page's compiled module). */
  file: string;
  /** Its layouts' files, outermost first. */
  layouts: string[];
}

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

const url = (fileName: string) => `/${fileName}`;

/** The roots in their order, then what they import statically, breadth first; each chunk once. */
function withStaticImports(roots: Chunk[], byFileName: Map<string, Chunk>): Chunk[] {
  const ordered = [...new Set(roots)];
  for (let i = 0; i < ordered.length; i++) {
    for (const imported of ordered[i]!.imports) {
      const chunk = byFileName.get(imported);
      if (chunk && !ordered.includes(chunk)) ordered.push(chunk);
    }
  }
  return ordered;
}

/** Each root after the chunks it imports statically (post-order): the stylesheets' cascade. */
function dependenciesFirst(roots: Chunk[], byFileName: Map<string, Chunk>): Chunk[] {
  const ordered: Chunk[] = [];
  const visited = new Set<Chunk>();
  const visit = (chunk: Chunk): void => {
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

function clientManifest(root: string, bundle: Rolldown.OutputBundle, pages: readonly ClientPage[]) {
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === "chunk");
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("the client bundle has no entry chunk");
  const chunkOf = (file: string): Chunk => {
    const id = realpathSync(path.join(root, file));
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((moduleId) => moduleId.split("?")[0] === id));
    if (!chunk) throw new Error(`the client entry does not import ${file}`);
    return chunk;
  };
  const entries = pages.map((page) => {
    const own = chunkOf(page.file);
    const layouts = page.layouts.map(chunkOf);
    const modules = withStaticImports([own, ...layouts], byFileName).filter((chunk) => chunk !== entry);
    const css = dependenciesFirst([entry, ...layouts, own], byFileName).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
    return [page.id, { modules: modules.map((chunk) => url(chunk.fileName)), css: [...new Set(css)].map(url) }] as const;
  });
  // The file names carry content hashes, so the version changes exactly when the client does.
  const names = Object.keys(bundle).sort();
  const version = createHash("sha256").update(names.join("\n")).digest("hex").slice(0, 12);
  return { version, entry: url(entry.fileName), pages: Object.fromEntries(entries) };
}

/** Every file under the client folder but source maps and dotfiles (`.well-known/` aside), sorted. */
function servedFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith(".") || (entry.isDirectory() && entry.name === ".well-known"))
    .flatMap((entry) => (entry.isDirectory() ? servedFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]))
    .filter((file) => !file.endsWith(".map"))
    .sort();
}

function assetManifest(clientDir: string, built: ReadonlySet<string>) {
  return Object.fromEntries(servedFiles(clientDir).map((file) => {
    const content = readFileSync(path.join(clientDir, file));
    const etag = `"${createHash("sha256").update(content).digest("hex").slice(0, 16)}"`;
    return [url(file), { file, type: contentTypeFor(file), etag, size: content.byteLength, ...(built.has(file) ? { immutable: true } : {}) }];
  }));
}

/** Cloudflare reads at most this many `_headers` rules; later build files revalidate instead. */
const EDGE_HEADER_RULES_LIMIT = 100;

/**
 * On the edge the platform's asset layer answers static files without the worker: the long cache
 * of the hashed build files is declared in `_headers`, after the rules of a `_headers` in public/.
 */
function writeEdgeHeaders(clientDir: string, built: ReadonlySet<string>): void {
  const file = path.join(clientDir, "_headers");
  const own = existsSync(file) ? readFileSync(file, "utf8") : "";
  const rules = [...built].filter((name) => !name.endsWith(".map")).sort().slice(0, EDGE_HEADER_RULES_LIMIT)
    .map((name) => `${url(name)}\n  Cache-Control: public, max-age=31536000, immutable\n`);
  writeFileSync(file, [...(own ? [own.endsWith("\n") ? own : `${own}\n`] : []), ...rules].join(""));
}

/** `edge`: write `_headers` for Cloudflare's asset layer too. */
export function pagesManifests(pages: readonly ClientPage[], { edge = false } = {}): Plugin {
  let root = process.cwd();
  let clientDir = "";
  const built = new Set<string>();
  return {
    name: "pages-manifests",
    apply: (_config, env) => !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      clientDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) built.add(fileName);
      const manifest = clientManifest(root, bundle, pages);
      writeFileSync(path.join(root, "server", "client-manifest.ts"), [
        "// Written by `vite build` (build/pages-manifests.ts): the build version, the entry script and,",
        "// per page, the chunks to preload and the stylesheets to link.",
        'import type { ClientManifest } from "sdk/runtime/pages/types";',
        "",
        `export const manifest: ClientManifest = ${JSON.stringify(manifest, null, 2)};`,
        "",
      ].join("\n"));
    },
    // public/ is copied before the bundle is written; the list covers both. A failed build wrote nothing to list.
    closeBundle() {
      if (built.size === 0) return;
      writeFileSync(path.join(root, "server", "assets.ts"), [
        "// Written by `vite build` (build/pages-manifests.ts): every static file the server may send, keyed",
        "// by URL path. The server answers only paths listed here, so a URL is never turned into a file path.",
        'import type { AssetManifest } from "sdk/runtime/static/manifest";',
        "",
        `export const assets: AssetManifest = ${JSON.stringify(assetManifest(clientDir, built), null, 2)};`,
        "",
      ].join("\n"));
      if (edge) writeEdgeHeaders(clientDir, built);
    },
  };
}
