/**
 * The `.css` plugin on small Rollup builds: in the client bundle each chunk whose modules import
 * CSS gets one stylesheet, in module order, with relative `@import`s inlined; in the server bundle
 * stylesheets vanish.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rolldown, type OutputAsset, type OutputChunk, type RolldownOutput as RollupOutput } from "rolldown";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cssPlugin, type CssPluginApi } from "../../bundler/css-plugin.ts";
import type { UiSide } from "../../compiler/ui/library.ts";
import { scratchDir } from "../helpers/scratch.ts";

function writeFiles(files: Record<string, string>): string {
  const dir = scratchDir("css-plugin");
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

async function build(dir: string, side: UiSide): Promise<{ output: RollupOutput["output"]; stylesheets: CssPluginApi["stylesheets"] }> {
  const css = cssPlugin(side);
  const bundle = await rolldown({ input: path.join(dir, "entry.js"), plugins: [css], onLog: () => {} });
  const { output } = await bundle.generate({ format: "es", chunkFileNames: "assets/[name]-[hash].js", assetFileNames: "assets/[name]-[hash][extname]" });
  await bundle.close();
  return { output, stylesheets: css.api!.stylesheets };
}

const chunks = (output: RollupOutput["output"]) => output.filter((file): file is OutputChunk => file.type === "chunk");
const assets = (output: RollupOutput["output"]) => output.filter((file): file is OutputAsset => file.type === "asset");
const chunkNamed = (output: RollupOutput["output"], name: string) => chunks(output).find((chunk) => chunk.name === name)!;
const source = (output: RollupOutput["output"], fileName: string) => String(assets(output).find((asset) => asset.fileName === fileName)!.source);

const APP = {
  "entry.js": 'import "./first.js";\nimport "./entry.css";\nexport const lazy = () => import("./lazy.js");\n',
  "first.js": 'import "./first.css";\nexport const first = 1;\nconsole.log(first);\n',
  "lazy.js": 'import "./lazy.css";\nexport default "lazy";\n',
  "nocss.js": "export default 1;\n",
  "first.css": ".first { color: red; }\n",
  "entry.css": ".entry { color: blue; }\n",
  "lazy.css": ".lazy { color: green; }\n",
};

test("client: each chunk that imports CSS gets one stylesheet, in module order, and a record", async () => {
  const { output, stylesheets } = await build(writeFiles(APP), "client");
  const entry = chunkNamed(output, "entry");
  const lazy = chunkNamed(output, "lazy");
  const [entryCss] = stylesheets.get(entry.fileName)!;
  const [lazyCss] = stylesheets.get(lazy.fileName)!;
  assert.match(entryCss!, /^assets\/entry-[\w-]{8}\.css$/);
  assert.match(lazyCss!, /^assets\/lazy-[\w-]{8}\.css$/);
  // first.js runs before the entry's own body, so its stylesheet comes first.
  assert.is(source(output, entryCss!), ".first { color: red; }\n\n.entry { color: blue; }\n");
  assert.is(source(output, lazyCss!), ".lazy { color: green; }\n");
  assert.is(assets(output).length, 2, "one stylesheet per chunk with CSS");
});

test("client: the JavaScript keeps no trace of the stylesheets", async () => {
  const { output } = await build(writeFiles(APP), "client");
  for (const chunk of chunks(output)) {
    assert.not.match(chunk.code, /color|\.css/, chunk.fileName);
  }
});

test("client: a chunk without CSS has no record", async () => {
  const dir = writeFiles({ ...APP, "entry.js": 'export const lazy = () => import("./nocss.js");\n' });
  const { output, stylesheets } = await build(dir, "client");
  assert.is(stylesheets.size, 0);
  assert.is(assets(output).length, 0);
});

test("client: relative @imports are inlined once; conditional and remote ones are kept", async () => {
  const dir = writeFiles({
    "entry.js": 'import "./styles/main.css";\n',
    "styles/main.css": [
      '@import "./theme.css";',
      "@import url(../base.css);",
      '@import url("./theme.css");',
      '@import "./print.css" print;',
      '@import "https://example.com/font.css";',
      ".main { color: var(--accent); }",
      "",
    ].join("\n"),
    "styles/theme.css": '@import "./main.css";\n:root { --accent: red; }\n',
    "base.css": "html { margin: 0; }\n",
    "styles/print.css": ".print { display: none; }\n",
  });
  const { output, stylesheets } = await build(dir, "client");
  const [file] = stylesheets.get(chunkNamed(output, "entry").fileName)!;
  assert.is(
    source(output, file!),
    [
      "\n:root { --accent: red; }\n",
      "html { margin: 0; }\n",
      "",
      '@import "./print.css" print;',
      '@import "https://example.com/font.css";',
      ".main { color: var(--accent); }",
      "",
    ].join("\n"),
  );
});

test("client: an @import of a missing file fails the build, naming both files", async () => {
  const dir = writeFiles({ "entry.js": 'import "./main.css";\n', "main.css": '@import "./gone.css";\n' });
  try {
    await build(dir, "client");
    assert.unreachable("the build should fail");
  } catch (error) {
    assert.match(String((error as Error).message), "main.css imports ./gone.css, which does not exist");
  }
});

test("server: stylesheets become empty modules and no CSS is emitted", async () => {
  const { output, stylesheets } = await build(writeFiles(APP), "server");
  assert.is(assets(output).length, 0);
  assert.is(stylesheets.size, 0);
  for (const chunk of chunks(output)) assert.not.match(chunk.code, /color|\.css/, chunk.fileName);
  assert.match(chunkNamed(output, "entry").code, "console.log(", "the modules importing CSS stay");
});

for (const side of ["client", "server"] as const) {
  test(`${side}: CSS modules (*.module.css) stop the build with a clear message`, async () => {
    const dir = writeFiles({ "entry.js": 'import styles from "./button.module.css";\nconsole.log(styles);\n', "button.module.css": ".a {}\n" });
    try {
      await build(dir, side);
      assert.unreachable("the build should fail");
    } catch (error) {
      assert.match(String((error as Error).message), "button.module.css: CSS modules (*.module.css) are not supported yet");
    }
  });
}

test.run();
