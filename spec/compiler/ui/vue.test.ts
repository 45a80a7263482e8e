/**
 * Vue single-file components through the Vue library's compile settings, on small Rollup builds:
 * the page exports of a plain `<script lang="ts">` beside `<script setup>`, `InferProps` in
 * `defineProps`, a template-only page with page exports, the SSR compile for the server, and
 * scoped styles reaching the CSS plugin compiled, and `<style module>` scoped as a CSS module.
 */
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rolldown, type OutputAsset, type OutputChunk, type RolldownOutput as RollupOutput } from "rolldown";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cssPlugin } from "../../../bundler/css-plugin.ts";
import { scopedClassName } from "../../../compiler/css/scoped-names.ts";
import type { BuildMode } from "../../../compiler/ir.ts";
import type { UiSide } from "../../../compiler/ui/library.ts";
import { uiRolldownSettings } from "../../../compiler/ui/rolldown-settings.ts";
import { vue } from "../../../compiler/ui/vue.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const PAGES = {
  "post.vue": `<script lang="ts">
import { defineHead, type InferProps } from "sdk";
import type { loader } from "./post.server";

type Props = InferProps<typeof loader>;

export const prerender = true;
export const head = defineHead<Props>((_c, props) => ({ title: props.title }));
</script>

<script setup lang="ts">
const props = defineProps<Props>();
const label: string = "by";
</script>

<template><h1>{{ props.title }} {{ label }}</h1></template>
`,
  "post.server.ts": `import { defineHandler } from "sdk";\nexport const loader = defineHandler(() => ({ title: "T" }));\n`,
  "guestbook.vue": `<script setup lang="ts">
import type { InferProps } from "sdk";
import type { loader } from "./post.server";
const { title } = defineProps<InferProps<typeof loader>>();
</script>

<template><p>{{ title }}</p></template>
`,
  "about.vue": `<script lang="ts">
export const prerender = true;
</script>

<template><h1 class="about">About</h1></template>

<style scoped>
.about { color: rgb(1, 2, 3); }
</style>
`,
  "styled.vue": `<template><h1 :class="$style.red">Styled</h1></template>

<style module>
.red { color: rgb(4, 5, 6); }
</style>
`,
};

function writePages(): string {
  const dir = scratchDir("ui-vue-compile");
  for (const [name, content] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const dir = writePages();

async function build(side: UiSide, mode: BuildMode = "production"): Promise<RollupOutput["output"]> {
  const ui = await uiRolldownSettings(vue, { mode, side, root: dir });
  const bundle = await rolldown({
    input: Object.fromEntries(["post", "guestbook", "about", "styled"].map((name) => [name, path.join(dir, `${name}.vue`)])),
    external: (id) => id === "vue" || id === "vue/server-renderer" || id === "sdk" || id.startsWith("sdk/"),
    plugins: [cssPlugin({ side, root: dir, mode }), ...ui.plugins],
    tsconfig: false,
    transform: { target: "es2022", ...ui.transform },
    onLog: () => {},
  });
  const { output } = await bundle.generate({ format: "es", assetFileNames: "[name][extname]", sourcemap: true });
  await bundle.close();
  return output;
}

const chunk = (output: RollupOutput["output"], name: string) => output.find((file): file is OutputChunk => file.type === "chunk" && file.name === name)!;
const assets = (output: RollupOutput["output"]) => output.filter((file): file is OutputAsset => file.type === "asset");

test("a page keeps its plain script's exports beside the component of its <script setup>", async () => {
  const post = chunk(await build("client"), "post");
  assert.equal([...post.exports].sort(), ["default", "head", "prerender"]);
  assert.not.match(post.code, ": string", "TypeScript is compiled away");
});

test("defineProps<InferProps<typeof loader>>() compiles, leaving the keys to the adapter", async () => {
  const guestbook = chunk(await build("client"), "guestbook");
  assert.match(guestbook.code, "title");
  assert.not.match(guestbook.code, "props:", "no runtime props Vue would have to guess");
});

test("source maps show the component as written, InferProps included", async () => {
  const map = chunk(await build("client"), "guestbook").map!;
  const index = map.sources.findIndex((source) => source.endsWith("guestbook.vue"));
  assert.is(map.sourcesContent![index], PAGES["guestbook.vue"]);
});

test("development builds compile the template apart, with the same exports and consistent maps", async () => {
  const output = await build("client", "development");
  assert.equal([...chunk(output, "post").exports].sort(), ["default", "head", "prerender"]);
  assert.match(chunk(output, "guestbook").code, "__file");
});

test("a template-only page with page exports gets a component", async () => {
  const about = chunk(await build("client"), "about");
  assert.equal([...about.exports].sort(), ["default", "prerender"]);
});

test("the server compile renders to strings; the browser one builds vnodes for hydration", async () => {
  assert.match(chunk(await build("server"), "about").code, "ssrRender");
  assert.not.match(chunk(await build("client"), "about").code, "ssrRender");
});

test("scoped styles are compiled by Vue, then collected by the CSS plugin as the chunk's stylesheet", async () => {
  const client = await build("client");
  const [stylesheet] = assets(client).filter((asset) => asset.fileName.endsWith(".css"));
  assert.match(String(stylesheet!.source), /\.about\[data-v-[0-9a-f]+\] \{ color: rgb\(1, 2, 3\);\s*\}/);
  const scopeId = /data-v-[0-9a-f]+/.exec(String(stylesheet!.source))![0];
  assert.match(chunk(client, "about").code, scopeId, "the component carries the same scope id");
  assert.equal(assets(await build("server")).filter((asset) => asset.fileName.endsWith(".css")), [], "the server links the client's CSS");
});

test("<style module> is a CSS module: the same scoped name on both sides, its CSS in the client's stylesheet", async () => {
  const client = await build("client");
  const server = await build("server");
  const name = scopedClassName(realpathSync(dir), "red", path.join(realpathSync(dir), "styled.vue"));
  assert.match(chunk(client, "styled").code, `"red": "${name}"`);
  assert.match(chunk(server, "styled").code, `"red": "${name}"`);
  const css = assets(client).map((asset) => String(asset.source)).join("\n");
  assert.match(css, new RegExp(`\\.${name} \\{ color: rgb\\(4, 5, 6\\);`));
});

test.run();
