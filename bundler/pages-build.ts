/**
 * The client half of a build with pages: bundle the generated browser entry into `.sdk/client/`,
 * add its files to the app's assets (so every target serves them from the asset manifest, as it
 * serves public/), and hand back the manifest the server's documents link.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "rollup";
import { clientEnvGuard } from "../compiler/env/client-guard.js";
import { publicEnvPlugin } from "../compiler/env/public-plugin.js";
import { renderedPages, type AppIR, type PageIR } from "../compiler/ir.js";
import type { PageLinks } from "../compiler/markdown/links.js";
import { markdownPages } from "../compiler/markdown/plugin.js";
import { toPosixRelative } from "../compiler/paths.js";
import { replaceAssets } from "../compiler/routing/resolve.js";
import { compareCodeUnits } from "../compiler/scan/files.js";
import { scanPublic } from "../compiler/scan/public.js";
import { uiLibrary } from "../compiler/ui/libraries.js";
import type { ClientManifest } from "../runtime/pages/types.js";
import { toUserError } from "./bundle-errors.js";
import type { BackEndUi } from "./bundle.js";
import type { BundledChunk } from "./chunk-modules.js";


/** Where the client build is staged before `dist/client/` is written from the asset list. */
export function clientStagingDir(root: string): string {
  return path.join(root, ".sdk", "client");
}

/** How a server bundle compiles the app's page components, when it has pages. */
export function serverBundleUi(root: string, ir: AppIR): BackEndUi | undefined {
  return ir.ui ? { library: uiLibrary(ir.ui), mode: ir.mode, root } : undefined;
}

/**
 * The plugins both bundles (and `sdk dev`) need for the app's files beyond the library's own:
 * Markdown pages, and `import.meta.env.PUBLIC_*` replaced by the values env.ts's public keys have.
 * `pages` gives the pages links between Markdown pages may name (sdk dev's change as files come and go).
 */
export function pageSourcePlugins(ir: AppIR, root: string, pages: () => readonly PageIR[] = () => ir.pages): Plugin[] {
  const markdown = ir.ui ? [markdownPages({ markdownComponent: uiLibrary(ir.ui).markdownComponent }, pageLinks(root, pages))] : [];
  return [...markdown, publicEnvPlugin(ir.env)];
}

/** A link may name a page with a path of its own: one without [parameters]. */
function pageLinks(root: string, pages: () => readonly PageIR[]): PageLinks {
  return {
    root,
    pageUrl(file) {
      const page = pages().find((candidate) => candidate.file === toPosixRelative(root, file));
      return page && !/[:*]/.test(page.pattern) ? page.pattern : null;
    },
  };
}

export async function buildClient(root: string, ir: AppIR, generatedDir: string, userPlugins: Plugin[] = []): Promise<{ manifest: ClientManifest; chunks: BundledChunk[] }> {
  const outDir = clientStagingDir(root);
  rmSync(outDir, { recursive: true, force: true });
  const absolute = (file: string) => path.join(root, file);
  const envGuard = clientEnvGuard(root, ir.env);
  const { bundleClient } = await import("./client-bundle.js");
  const result = await bundleClient({
    root,
    entry: path.join(generatedDir, "client.ts"),
    outDir,
    mode: ir.mode,
    library: uiLibrary(ir.ui!),
    pages: renderedPages(ir).map((page) => ({
      id: page.file,
      file: absolute(page.file),
      layouts: page.layouts.map((layout) => ({ id: layout, file: absolute(layout) })),
    })),
    userPlugins: [...userPlugins, envGuard, ...pageSourcePlugins(ir, root)],
  }).catch(async (cause: unknown) => {
    envGuard.assertNoServerKeys();
    throw (await toUserError(root, cause)) ?? cause;
  });
  envGuard.assertNoServerKeys();
  const built = scanPublic(outDir, root)
    .filter((asset) => !asset.path.endsWith(".map"))
    .map((asset) => ({ ...asset, immutable: true as const }));
  const paths = new Set(built.map((asset) => asset.path));
  replaceAssets(ir, [...ir.assets.filter((asset) => !paths.has(asset.path)), ...built].sort((a, b) => compareCodeUnits(a.path, b.path)));
  return { manifest: result.manifest, chunks: result.chunks };
}
