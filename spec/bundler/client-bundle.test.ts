/**
 * The client build of a small React app (spec/fixtures/client-react: an entry that loads two
 * pages and a layout with import(), all importing CSS), built in-process into scratch folders.
 * React resolves from this repository's node_modules, as it does from an app's.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "rollup";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { bundleTarget } from "../../bundler/bundle-target.ts";
import { bundleClient, type ClientBundleResult } from "../../bundler/client-bundle.ts";
import { UserError } from "../../compiler/diagnostics.ts";
import type { BuildMode } from "../../compiler/ir.ts";
import { react } from "../../compiler/ui/react.ts";
import { PRESETS } from "../../compiler/targets.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";

const FIXTURE = path.join(REPO_ROOT, "spec", "fixtures", "client-react");
const fixture = (file: string) => path.join(FIXTURE, file);
const LAYOUT = { id: "pages/layout.tsx", file: fixture("pages/layout.tsx") };
const PAGES = [
  { id: "pages/index.tsx", file: fixture("pages/index.tsx"), layouts: [LAYOUT] },
  { id: "pages/about.tsx", file: fixture("pages/about.tsx"), layouts: [LAYOUT] },
];

interface Built extends ClientBundleResult {
  outDir: string;
}

async function build(mode: BuildMode, userPlugins?: Plugin[]): Promise<Built> {
  const outDir = scratchDir("client-bundle");
  const result = await bundleClient({ root: FIXTURE, entry: fixture("entry.ts"), outDir, mode, library: react, pages: PAGES, userPlugins });
  return { ...result, outDir };
}

function written(outDir: string, dir = ""): string[] {
  return readdirSync(path.join(outDir, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? written(outDir, `${dir}${entry.name}/`) : [`${dir}${entry.name}`],
  );
}

const read = (built: Built, url: string) => readFileSync(path.join(built.outDir, url.slice(1)), "utf8");
const javascript = (built: Built) => written(built.outDir).filter((file) => file.endsWith(".js"));

const production = await build("production");
const { manifest } = production;
const home = manifest.pages["pages/index.tsx"]!;
const about = manifest.pages["pages/about.tsx"]!;

test("every file is under assets/ with a content hash in its name, each script with its map", () => {
  const files = written(production.outDir).sort();
  assert.equal(files, production.files.map((file) => path.relative(production.outDir, file)).sort(), "files lists what was written");
  for (const file of files) assert.match(file, /^assets\/[\w-]+-[\w-]{8}\.(js|css|js\.map)$/);
  // Rolldown's runtime helpers (CommonJS interop) are generated code: there is no source to map.
  for (const file of javascript(production).filter((name) => !name.includes("/rolldown-runtime-"))) assert.ok(files.includes(`${file}.map`), `${file}.map`);
  assert.match(manifest.entry, /^\/assets\/entry-[\w-]{8}\.js$/);
});

test("each page is its own chunk, listed first in its modules, then its layout", () => {
  const [homeChunk, layoutChunk] = home.modules;
  const [aboutChunk] = about.modules;
  // An index file's chunk is named by its folder, as Rolldown names it.
  assert.match(homeChunk!, /^\/assets\/pages-[\w-]{8}\.js$/);
  assert.match(aboutChunk!, /^\/assets\/about-[\w-]{8}\.js$/);
  assert.match(layoutChunk!, /^\/assets\/layout-[\w-]{8}\.js$/);
  assert.is(about.modules[1], layoutChunk, "the layout's chunk is shared");
  // The minifier quotes strings either way.
  assert.match(read(production, homeChunk!), /["`]Home ["`]/);
  assert.not.match(read(production, homeChunk!), /["`]About ["`]/);
  assert.match(read(production, aboutChunk!), /["`]About ["`]/);
});

test("modules: what the page and its layout import, once each, without the entry", () => {
  for (const page of [home, about]) {
    assert.is(new Set(page.modules).size, page.modules.length, "no duplicates");
    assert.not.ok(page.modules.includes(manifest.entry), "the document loads the entry as its script");
    for (const url of page.modules) {
      assert.match(url, /^\/assets\/.+\.js$/);
      for (const imported of read(production, url).matchAll(/from"\.\/([^"]+)"/g)) {
        const chunk = `/assets/${imported[1]}`;
        assert.ok(chunk === manifest.entry || page.modules.includes(chunk), `${url} imports ${chunk}, which is preloaded`);
      }
    }
  }
  assert.ok(home.modules.some((url) => /\/badge-/.test(url)), "the component both pages share is preloaded");
});

test("css: the entry's, the layout's, the shared component's, then the page's own", () => {
  const names = (urls: readonly string[]) => urls.map((url) => /\/assets\/(.+)-[\w-]{8}\.css$/.exec(url)![1]);
  assert.equal(names(home.css), ["entry", "layout", "badge", "pages"]);
  assert.equal(names(about.css), ["entry", "layout", "badge", "about"]);
  assert.equal(home.css.slice(0, 3), about.css.slice(0, 3), "the same stylesheets are the same files");
  assert.is(read(production, home.css[0]!), "body { margin: 0; }\n");
  assert.is(read(production, home.css[1]!), ":root { --accent: rebeccapurple; }\n.layout { display: grid; }\n", "@import inlined");
  assert.is(read(production, home.css[3]!), ".home { color: var(--accent); }\n");
  assert.is(read(production, about.css[3]!), ".about { color: teal; }\n");
});

test("NODE_ENV is replaced everywhere, node_modules included, and React's production build is bundled", () => {
  for (const file of javascript(production)) {
    const code = readFileSync(path.join(production.outDir, file), "utf8");
    assert.not.match(code, "process.env", file);
    assert.not.match(code, "jsxDEV", file);
  }
});

test("production output is minified", () => {
  const entry = read(production, manifest.entry);
  assert.ok(entry.length > 100_000, "React is bundled");
  assert.ok(entry.split("\n").length < 20, `${entry.split("\n").length} lines`);
  assert.not.match(entry, "@license", "no legal comments");
});

test("two builds of the same sources write the same files and manifest", async () => {
  const again = await build("production");
  assert.equal(again.manifest, manifest);
  const files = written(production.outDir).sort();
  assert.equal(written(again.outDir).sort(), files);
  for (const file of files) {
    assert.ok(readFileSync(path.join(again.outDir, file)).equals(readFileSync(path.join(production.outDir, file))), file);
  }
});

test("the version changes with the client: one stylesheet changed, the same scripts", async () => {
  const recolor: Plugin = {
    name: "recolor",
    transform: (code, id) => (id.endsWith("about.css") ? code.replace("teal", "navy") : null),
  };
  const changed = await build("production", [recolor]);
  assert.is.not(changed.manifest.version, manifest.version);
  assert.equal(changed.manifest.pages["pages/index.tsx"], home);
  assert.equal(changed.manifest.pages["pages/about.tsx"]!.modules, about.modules);
  assert.is.not(changed.manifest.pages["pages/about.tsx"]!.css[3], about.css[3]);
  assert.match(manifest.version, /^[0-9a-f]{12}$/);
});

test("development: readable output, React's development build and its JSX runtime, still no process.env", async () => {
  const development = await build("development");
  const layout = read(development, development.manifest.pages["pages/index.tsx"]!.modules[1]!);
  assert.match(layout, "jsxDEV");
  assert.ok(layout.split("\n").length > 10, "not minified");
  for (const file of javascript(development)) {
    assert.not.match(readFileSync(path.join(development.outDir, file), "utf8"), "process.env", file);
  }
  assert.ok(javascript(development).some((file) => readFileSync(path.join(development.outDir, file), "utf8").includes("react.development")));
});

test("a Node.js module reached from the browser entry is a located build error", async () => {
  const outDir = scratchDir("client-bundle");
  try {
    await bundleClient({ root: FIXTURE, entry: fixture("entry-node-module.ts"), outDir, mode: "production", library: react, pages: [] });
    assert.unreachable("the build should fail");
  } catch (error) {
    assert.instance(error, UserError);
    const [diagnostic] = (error as UserError).diagnostics;
    assert.equal(
      { code: diagnostic!.code, file: diagnostic!.file, line: diagnostic!.line, column: diagnostic!.column },
      { code: "SDK_CLIENT_NODE_MODULE", file: "src/read-title.ts", line: 1, column: 30 },
    );
    assert.match(diagnostic!.message, 'src/read-title.ts imports "node:fs", a Node.js module, and it runs in the browser');
  }
});

test("every file the build writes carries a content hash in its name, so it may be cached for good", () => {
  for (const file of written(production.outDir)) assert.match(file, /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z.]+$/);
});

for (const target of ["node", "edge"] as const) {
  test(`${target}: the server bundle compiles the same components, without their CSS, and renders them`, async () => {
    const outDir = scratchDir("server-bundle");
    const ui = { library: react, mode: "production" as const, root: FIXTURE };
    await bundleTarget({ root: FIXTURE, entry: fixture("server-entry.ts"), outDir, preset: PRESETS[target], ui });
    const code = readFileSync(path.join(outDir, "index.mjs"), "utf8");
    assert.not.match(code, "process.env", "NODE_ENV replaced");
    assert.not.match(code, "rebeccapurple", "no CSS text");
    const { render } = (await import(pathToFileURL(path.join(outDir, "index.mjs")).href)) as { render(): string };
    assert.is(
      render(),
      '<div class="layout"><button>layout clicks: <!-- -->0</button><main><h1 class="home">Home <span class="badge">new</span></h1></main></div>',
    );
  });
}

test.run();
