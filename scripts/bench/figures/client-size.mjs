// Client JavaScript our core adds, per UI library: the gzip size of every script the browser loads
// for the hello page (apps/hello-page and its twins, built with `sdk build --target node`: the
// client entry plus the page's modulepreload chunks, as the client manifest lists them for the
// document) minus the gzip size of the library alone hydrating the same layout and page
// (baselines/<library>-client.mjs), bundled by the same client build (bundleClient, production
// mode: Rolldown, the library's component compiler, Rolldown's minifier, NODE_ENV "production").
// Each file is gzipped on its own, as it travels, at zlib's default level. Deterministic, so
// measured once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bundleClient } from "../../../lib/bundler/client-bundle.js";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { appFor, LIBRARIES } from "../lib/libraries.mjs";
import { limitRow, ratioRow } from "../lib/table.mjs";

const LIMIT_KB = 3;

/** Raw and gzip kB of the files behind these URLs (`/assets/x.js` under `clientDir`), summed. */
function sizes(clientDir, urls) {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const bytes = readFileSync(path.join(clientDir, url.slice(1)));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw: raw / 1000, gzip: gzip / 1000, files: urls.length };
}

/** The manifest the build generated for the document: `export const manifest: ClientManifest = {...};`. */
function readManifest(root) {
  const source = readFileSync(path.join(root, ".sdk", "generated", "node", "client-manifest.ts"), "utf8");
  const json = /=\s*(\{[\s\S]*\});\s*$/.exec(source);
  if (!json) throw new Error(`no manifest object in ${root}/.sdk/generated/node/client-manifest.ts`);
  return JSON.parse(json[1]);
}

function oursFor(library) {
  const root = path.dirname(path.dirname(builtApp(appFor("hello-page", library), "node")));
  const manifest = readManifest(root);
  const pageId = `pages/${library.pageFile}`;
  const page = manifest.pages[pageId];
  if (!page) throw new Error(`the ${library.name} client manifest has no ${pageId}`);
  return sizes(path.join(root, "dist", "client"), [manifest.entry, ...page.modules]);
}

async function libraryAlone(library) {
  const outDir = scratchDir(`${library.ui.name}-client`);
  const { manifest } = await bundleClient({
    root: BENCH_ROOT,
    entry: path.join(BENCH_ROOT, "baselines", `${library.ui.name}-client.mjs`),
    outDir,
    mode: "production",
    library: library.ui,
    pages: [],
  });
  return sizes(outDir, [manifest.entry]);
}

export async function clientSize(options, log) {
  const rows = [];
  for (const library of LIBRARIES) {
    log(`client size: ${library.name} hello page`);
    const ours = oursFor(library);
    const baseline = await libraryAlone(library);
    const figure = `client JS ${library.name} hello page, ${ours.files} files`;
    rows.push(
      ...["raw", "gzip"].map((kind) => ratioRow({ figure: `${figure} (${kind}) vs ${library.name} alone`, ours: ours[kind], baseline: baseline[kind], unit: "kB" })),
      limitRow({ figure: `client JS our core adds beyond ${library.name} (gzip)`, ours: ours.gzip - baseline.gzip, unit: "kB", limit: LIMIT_KB, atMost: true }),
    );
  }
  return rows;
}
