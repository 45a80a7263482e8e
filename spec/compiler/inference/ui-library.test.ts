/** Which UI library renders the pages: from the page files' extensions, then the dependencies. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { detectUiLibrary } from "../../../compiler/inference/ui-library.ts";
import type { PageIR } from "../../../compiler/ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

function page(file: string, layouts: string[] = []): PageIR {
  return { file, pattern: "/", segments: [], kind: file.endsWith(".md") ? "markdown" : "component", serverFile: null, layouts, methods: ["GET"], serverPageExports: [], mayPrerender: false };
}

function appWith(dependencies: Record<string, string>): string {
  const root = scratchDir("ui-library");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ dependencies }));
  return root;
}

const codes = (decision: ReturnType<typeof detectUiLibrary>) => decision.diagnostics.map((d) => `${d.code} ${d.file}`);

test("no pages, no UI library", () => {
  assert.equal(detectUiLibrary(appWith({}), []), { ui: null, diagnostics: [] });
});

test("react in the dependencies renders .tsx and Markdown pages", () => {
  const root = appWith({ react: "^19.0.0", "react-dom": "^19.0.0" });
  assert.equal(detectUiLibrary(root, [page("pages/index.tsx", ["pages/layout.tsx"])]), { ui: "react", diagnostics: [] });
  assert.equal(detectUiLibrary(root, [page("pages/docs/intro.md")]).ui, "react");
});

test("pages without a UI library installed are an error naming the first page", () => {
  assert.equal(codes(detectUiLibrary(appWith({}), [page("pages/about.md"), page("pages/index.tsx")])), ["SDK_UI_LIBRARY_MISSING pages/index.tsx"]);
});

test("the page files' extension decides Vue and Svelte; the dependencies decide React or Solid", () => {
  assert.equal(detectUiLibrary(appWith({ vue: "^3.5.0" }), [page("pages/index.vue", ["pages/layout.vue"])]), { ui: "vue", diagnostics: [] });
  assert.equal(detectUiLibrary(appWith({ svelte: "^5.0.0" }), [page("pages/index.svelte")]).ui, "svelte");
  assert.equal(detectUiLibrary(appWith({ "solid-js": "^1.9.0" }), [page("pages/index.tsx")]).ui, "solid");
  assert.equal(detectUiLibrary(appWith({ vue: "^3.5.0" }), [page("pages/docs/intro.md")]).ui, "vue", "Markdown alone: the one library installed");
  assert.equal(codes(detectUiLibrary(appWith({ react: "^19.0.0" }), [page("pages/index.vue")])), ["SDK_UI_LIBRARY_MISSING pages/index.vue"]);
});

test("pages of two libraries in one app are a located error at the second library's file", () => {
  const root = appWith({ react: "^19.0.0", svelte: "^5.0.0" });
  assert.equal(codes(detectUiLibrary(root, [page("pages/index.tsx", ["pages/layout.svelte"])])), ["SDK_UI_LIBRARY_MIXED pages/layout.svelte"]);
});

test(".tsx with react and solid-js installed needs sdkPlugin({ ui }), which then decides", () => {
  const root = appWith({ react: "^19.0.0", "react-dom": "^19.0.0", "solid-js": "^1.9.0" });
  const ambiguous = detectUiLibrary(root, [page("pages/index.tsx")]);
  assert.equal(codes(ambiguous), ["SDK_UI_LIBRARY_AMBIGUOUS pages/index.tsx"]);
  assert.match(ambiguous.diagnostics[0]!.hint ?? "", 'sdkPlugin({ ui: "react" })');
  assert.equal(detectUiLibrary(root, [page("pages/index.tsx")], "solid").ui, "solid");
  assert.equal(detectUiLibrary(root, [page("pages/index.tsx")], "react").ui, "react");
  assert.equal(codes(detectUiLibrary(root, [page("pages/index.tsx")], "vue")), ["SDK_UI_LIBRARY_MIXED pages/index.tsx"]);
});

test.run();
