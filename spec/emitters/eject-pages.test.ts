/** Markdown pages compiled at the eject, for every library, into `.md.ts` modules that resolve where the `.md` was imported. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileMarkdownPages, markdownModuleFile } from "../../emitters/eject-pages.js";
import { FIXTURES, scanFixture } from "../helpers/scan-ir.js";
import path from "node:path";

test("each Markdown page becomes a TypeScript module beside it, its head's kind a literal, from the library's Markdown component", () => {
  for (const [fixture, library] of [["e2e-pages", "react"], ["e2e-pages-vue", "vue"], ["e2e-pages-svelte", "svelte"], ["e2e-pages-solid", "solid"]]) {
    const ir = scanFixture(fixture!, { target: "node" });
    const files = compileMarkdownPages(path.join(FIXTURES, fixture!), ir);
    assert.equal(files.map((file) => file.path), ["pages/docs/intro.md.ts"], fixture);
    assert.match(files[0]!.content, `import { markdownPage } from "sdk/runtime/ui/${library}/markdown";`);
    assert.match(files[0]!.content, 'kind: "head" as const');
  }
});

test("an app without pages compiles nothing; the module file is the page's with .ts added", () => {
  assert.equal(compileMarkdownPages(path.join(FIXTURES, "e2e-api"), scanFixture("e2e-api", { target: "node" })), []);
  assert.is(markdownModuleFile({ file: "pages/a.md" } as Parameters<typeof markdownModuleFile>[0]), "pages/a.md.ts");
});

test.run();
