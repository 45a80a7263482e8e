/**
 * Pages end to end, for every UI library: each library's fixture (spec/fixtures/e2e-pages for
 * React, e2e-pages-<library> for the others: the same pages in that library's idiom) built by the
 * installed CLI for every target. In node and in workerd (the edge) Chromium checks what a person
 * sees: server HTML without JavaScript, hydration, layouts that stay mounted, head on
 * navigation, back and forward, a stale build reloading, forms with and without JavaScript. bun
 * and deno get the HTTP-level checks, as every target does. A failure names the library.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import type { Target } from "../../compiler/ir.js";
import { closeBrowser } from "../helpers/e2e/browser.js";
import { assertFormCodeWithFormsOnly, assertPagesForms, assertPagesHttp, assertPagesInBrowser } from "../helpers/e2e/pages-assertions.js";
import { ALL_TARGETS, buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.js";
import { REPO_ROOT } from "../helpers/sdk-cli.js";

test.after(closeBrowser);

const LIBRARIES = [
  { name: "react", fixture: "e2e-pages" },
  { name: "vue", fixture: "e2e-pages-vue" },
  { name: "svelte", fixture: "e2e-pages-svelte" },
  { name: "solid", fixture: "e2e-pages-solid" },
].filter(({ fixture }) => existsSync(path.join(REPO_ROOT, "spec", "fixtures", fixture)));

const BROWSER_TARGETS: readonly Target[] = ["node", "edge"];

for (const { name, fixture } of LIBRARIES) {
  for (const target of ALL_TARGETS) {
    const browser = BROWSER_TARGETS.includes(target);
    test(`${name} on ${target}: pages answer over HTTP${browser ? " and in Chromium" : ""}`, async () => {
      const root = buildFixture(fixture, target);
      await withServer(() => startBuilt(root, target), async (server) => {
        await assertPagesHttp(server.url);
        await assertFormCodeWithFormsOnly(server.url);
        if (browser) {
          await assertPagesInBrowser(server.url);
          await assertPagesForms(server.url);
        }
      });
    });
  }
}

test.run();
