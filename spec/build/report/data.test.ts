/**
 * report.json's data: every file of dist/ but maps in exactly one bundle, bundle totals that add up
 * to the files, modules whose shares add up to their chunk, and what each page loads.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { largestModules, reportData, type SizedFile } from "../../../build/report/data.ts";

const outputs: SizedFile[] = [
  { file: "dist/server/index.mjs", bytes: 1000, gzipBytes: 400 },
  { file: "dist/server/index.mjs.map", bytes: 5000, gzipBytes: 900 },
  { file: "dist/server/chunks/admin.mjs", bytes: 300, gzipBytes: 120 },
  { file: "dist/client/assets/entry-a.js", bytes: 800, gzipBytes: 300 },
  { file: "dist/client/assets/about-b.js", bytes: 100, gzipBytes: 90 },
  { file: "dist/client/assets/client-c.css", bytes: 50, gzipBytes: 40 },
  { file: "dist/client/favicon.ico", bytes: 20, gzipBytes: 30 },
];

const data = reportData({
  target: "node",
  outputs,
  server: {
    dir: "dist/server",
    chunks: [
      { fileName: "index.mjs", modules: [{ id: "routes/index.ts", bytes: 500 }, { id: "node_modules/hono/dist/hono.js", bytes: 1500 }] },
      { fileName: "chunks/admin.mjs", modules: [{ id: "routes/admin.ts", bytes: 300 }] },
    ],
  },
  client: {
    dir: "dist/client",
    chunks: [
      { fileName: "assets/entry-a.js", modules: [{ id: "node_modules/react-dom/client.js", bytes: 3000 }] },
      { fileName: "assets/about-b.js", modules: [{ id: "pages/about.tsx", bytes: 100 }] },
    ],
    manifest: { version: "v1", entry: "/assets/entry-a.js", pages: { "pages/about.tsx": { modules: ["/assets/about-b.js"], css: ["/assets/client-c.css"] } } },
  },
});

test("each file of dist/ but source maps is in one bundle, and the totals are theirs", () => {
  const files = data.bundles.flatMap((bundle) => bundle.files.map((file) => file.file));
  const unmapped = outputs.filter((output) => !output.file.endsWith(".map"));
  assert.equal([...files].sort(), unmapped.map((output) => output.file).sort());
  assert.equal(data.totals, { files: 6, bytes: 2270, gzipBytes: 980 });
  assert.equal(data.bundles.map((bundle) => [bundle.name, bundle.bytes, bundle.gzipBytes]), [
    ["server", 1300, 520],
    ["client", 900, 390],
    ["static", 70, 70],
  ]);
});

test("a chunk's modules share its written size by their rendered code, largest first in the written bundle", () => {
  const server = data.bundles[0]!;
  assert.equal(server.modules.map((module) => [module.id, module.file, module.renderedBytes, module.bytes, module.gzipBytes]), [
    ["node_modules/hono/dist/hono.js", "dist/server/index.mjs", 1500, 750, 300],
    ["routes/admin.ts", "dist/server/chunks/admin.mjs", 300, 300, 120],
    ["routes/index.ts", "dist/server/index.mjs", 500, 250, 100],
  ]);
});

test("a page loads the entry and its own chunks", () => {
  assert.equal(data.bundles[1]!.pages, [{ page: "pages/about.tsx", files: ["dist/client/assets/entry-a.js", "dist/client/assets/about-b.js"], bytes: 900, gzipBytes: 390 }]);
});

test("the largest modules come from every bundle", () => {
  assert.equal(largestModules(data, 2).map((module) => [module.id, module.bundle]), [
    ["node_modules/react-dom/client.js", "client"],
    ["node_modules/hono/dist/hono.js", "server"],
  ]);
});

test.run();
