// Client JavaScript our core adds: the gzip size of every script the browser loads for the hello
// page (apps/hello-page built with `sdk build --target node`: the client entry plus the page's
// modulepreload chunks, as the client manifest lists them for the document) minus the gzip size
// of React alone hydrating the same layout and page (baselines/react-client.mjs), bundled by the
// same client build (bundleClient, production mode: Rollup, esbuild minification, NODE_ENV
// "production"). Each file is gzipped on its own, as it travels, at zlib's default level.
// Deterministic, so measured once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bundleClient } from "../../../lib/compiler/client-bundle.js";
import { react } from "../../../lib/compiler/ui/react.js";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { limitRow, ratioRow } from "../lib/table.mjs";

const PAGE_ID = "pages/index.tsx";
const LIMIT_KB = 5;

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

export async function clientSize(options, log) {
  log("client size: hello page");
  const root = path.dirname(path.dirname(builtApp("hello-page", "node")));
  const manifest = readManifest(root);
  const page = manifest.pages[PAGE_ID];
  if (!page) throw new Error(`the client manifest has no ${PAGE_ID}`);
  const ours = sizes(path.join(root, "dist", "client"), [manifest.entry, ...page.modules]);

  const reactDir = scratchDir("react-client");
  const alone = await bundleClient({
    root: BENCH_ROOT,
    entry: path.join(BENCH_ROOT, "baselines", "react-client.mjs"),
    outDir: reactDir,
    mode: "production",
    library: react,
    pages: [],
  });
  const baseline = sizes(reactDir, [alone.manifest.entry]);

  const figure = `client JS hello page, ${ours.files} files`;
  return [
    ...["raw", "gzip"].map((kind) => ratioRow({ figure: `${figure} (${kind}) vs React alone`, ours: ours[kind], baseline: baseline[kind], unit: "kB" })),
    limitRow({ figure: "client JS our core adds beyond React (gzip)", ours: ours.gzip - baseline.gzip, unit: "kB", limit: LIMIT_KB, atMost: true }),
  ];
}
