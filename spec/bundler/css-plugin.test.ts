/**
 * The stylesheet plugin on small Rolldown builds: in the client bundle each chunk whose modules
 * import CSS gets one stylesheet, in module order, with `@import`s inlined; in the server bundle
 * stylesheets vanish, but for a CSS module's class map, which both sides export with the same
 * scoped names. The app's PostCSS config applies, as Vite applies it.
 */
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rolldown, type OutputAsset, type OutputChunk, type RolldownOutput as RollupOutput } from "rolldown";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { toUserError } from "../../bundler/bundle-errors.ts";
import { cssPlugin, type CssPluginApi } from "../../bundler/css-plugin.ts";
import { cssModuleCode } from "../../compiler/css/module-code.ts";
import { scopedClassName } from "../../compiler/css/scoped-names.ts";
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
  const css = cssPlugin({ side, root: dir, mode: "production" });
  const bundle = await rolldown({ input: path.join(dir, "entry.js"), plugins: [css], onLog: () => {} });
  const { output } = await bundle.generate({ format: "es", chunkFileNames: "assets/[name]-[hash].js", assetFileNames: "assets/[name]-[hash][extname]" });
  await bundle.close();
  return { output, stylesheets: css.api!.stylesheets };
}

async function buildError(dir: string, side: UiSide): Promise<string> {
  try {
    await build(dir, side);
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error("the build should fail");
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

test("client: @imports are inlined as Vite inlines them, remote ones kept first", async () => {
  const dir = writeFiles({
    "entry.js": 'import "./styles/main.css";\n',
    "styles/main.css": ['@import "https://example.com/font.css";', '@import "./theme.css";', "@import url(../base.css);", '@import "./print.css" print;', ".main { color: var(--accent); }", ""].join("\n"),
    "styles/theme.css": ":root { --accent: red; }\n",
    "base.css": "html { margin: 0; }\n",
    "styles/print.css": ".print { display: none; }\n",
  });
  const { output, stylesheets } = await build(dir, "client");
  const [file] = stylesheets.get(chunkNamed(output, "entry").fileName)!;
  const css = source(output, file!);
  assert.ok(css.startsWith('@import "https://example.com/font.css";'), css);
  const order = [":root { --accent: red; }", "html { margin: 0; }", "@media print", ".main { color: var(--accent); }"].map((text) => css.indexOf(text));
  assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), css);
});

test("client: an @import of a missing file fails the build, naming the file and the import", async () => {
  const dir = writeFiles({ "entry.js": 'import "./main.css";\n', "main.css": '@import "./gone.css";\n' });
  const message = await buildError(dir, "client");
  assert.match(message, "an @import names ./gone.css, which does not exist");
  assert.match(message, "main.css");
});

test("client: a CSS module's syntax error fails the build at its line", async () => {
  const dir = writeFiles({ "entry.js": 'import "./main.module.css";\n', "main.module.css": ".a { color: red; }\n.b { color: blue;\n" });
  const message = await buildError(dir, "client");
  assert.match(message, "Unclosed block");
  assert.match(message, /main\.module\.css:2/);
});

test("the CLI reports a stylesheet's mistake at its file and line, without a stack", async () => {
  const dir = writeFiles({ "entry.js": 'import "./main.module.css";\n', "main.module.css": ".a { color: red; }\n.b { color: blue;\n" });
  const failure = await build(dir, "client").then(() => undefined, (error: unknown) => error);
  const diagnostics = (await toUserError(dir, failure))?.diagnostics.map(({ code, file, line, message }) => ({ code, file, line, message }));
  assert.equal(diagnostics, [{ code: "SDK_BUNDLE", file: "main.module.css", line: 2, message: "Unclosed block" }]);
});

test("client: the app's postcss.config.* runs on its stylesheets", async () => {
  const dir = writeFiles({
    "entry.js": 'import "./main.css";\n',
    "main.css": ".a { color: red; }\n",
    "postcss.config.mjs": "export default { plugins: [{ postcssPlugin: 'upper', Declaration(decl) { decl.value = decl.value.toUpperCase(); } }] };\n",
  });
  const { output, stylesheets } = await build(dir, "client");
  assert.match(source(output, stylesheets.get(chunkNamed(output, "entry").fileName)![0]!), ".a { color: RED; }");
});

const MODULE_APP = {
  "entry.js": 'import styles, { title } from "./card.module.css";\nexport const classes = [styles.title, title, styles["two-words"]];\n',
  "card.module.css": ".title { color: red; }\n.two-words { composes: title; margin: 0; }\n",
};

test("client and server: a CSS module exports the same scoped names, and only the client emits its CSS", async () => {
  const dir = writeFiles(MODULE_APP);
  const client = await build(dir, "client");
  const server = await build(dir, "server");
  const names = (output: RollupOutput["output"]) => chunkNamed(output, "entry").code.match(/_[\w-]+_[\w-]{6}/g);
  assert.equal(names(client.output), names(server.output));
  const scoped = scopedClassName(realpathSync(dir), "title", path.join(realpathSync(dir), "card.module.css"));
  assert.match(chunkNamed(server.output, "entry").code, `"${scoped}"`);
  assert.match(chunkNamed(server.output, "entry").code, `"${scoped.replace("title", "two-words")} ${scoped}"`, "composes adds the composed class");
  const css = source(client.output, client.stylesheets.get(chunkNamed(client.output, "entry").fileName)![0]!);
  assert.match(css, `.${scoped} { color: red; }`);
  assert.not.match(css, ".title");
  assert.is(assets(server.output).length, 0);
});

test("a class whose name is no identifier is only a key of the default export", () => {
  const code = cssModuleCode({ title: "_title_x", "two-words": "_two-words_x", class: "_class_x" });
  assert.is(code, 'export const title = "_title_x";\nexport default {"title":"_title_x","two-words":"_two-words_x","class":"_class_x"};\n');
});

test("a scoped name depends on the file and the class, not on the stylesheet's text", () => {
  const name = scopedClassName("/app", "title", "/app/pages/card.module.css");
  assert.match(name, /^_title_[\w-]{6}$/);
  assert.is(scopedClassName("/app", "title", "/app/pages/card.module.css?inline"), name);
  assert.is.not(scopedClassName("/app", "title", "/app/pages/other.module.css"), name);
  assert.is(scopedClassName("/elsewhere", "title", "/elsewhere/pages/card.module.css"), name, "the same app in another folder");
});

test("server: stylesheets become empty modules and no CSS is emitted", async () => {
  const { output, stylesheets } = await build(writeFiles(APP), "server");
  assert.is(assets(output).length, 0);
  assert.is(stylesheets.size, 0);
  for (const chunk of chunks(output)) assert.not.match(chunk.code, /color|\.css/, chunk.fileName);
  assert.match(chunkNamed(output, "entry").code, "console.log(", "the modules importing CSS stay");
});

test("a missing preprocessor fails the build, saying what to install", async () => {
  const dir = writeFiles({ "entry.js": 'import "./main.scss";\n', "main.scss": "$accent: red;\n.a { color: $accent; }\n" });
  assert.match(await buildError(dir, "client"), /sass.*not found.*npm install -D sass/s);
});

test.run();
