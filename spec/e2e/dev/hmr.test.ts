/**
 * `sdk dev` in Chromium, per UI library, with the server side in Node.js (node) and in workerd
 * (edge): the pages hydrate through Vite's dev server; saving a
 * page's text updates it in place with the library's hot update, the root layout keeps its
 * counter (React and Vue keep the page's own counter too, as their HMR preserves state; Svelte
 * and Solid remount the edited component); a CSS edit applies without a reload.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { closeBrowser, withContext } from "../../helpers/e2e/browser.ts";
import { editFile, withDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";

interface LibraryCase {
  library: string;
  fixture: string;
  index: string;
  /** Whether the library's HMR keeps the edited component's own state. */
  keepsPageState: boolean;
}

const CASES: LibraryCase[] = [
  { library: "react", fixture: "e2e-pages", index: "pages/index.tsx", keepsPageState: true },
  { library: "vue", fixture: "e2e-pages-vue", index: "pages/index.vue", keepsPageState: true },
  { library: "svelte", fixture: "e2e-pages-svelte", index: "pages/index.svelte", keepsPageState: false },
  { library: "solid", fixture: "e2e-pages-solid", index: "pages/index.tsx", keepsPageState: false },
];

const textOf = async (page: Page, selector: string) => (await page.textContent(selector)) ?? "";

for (const { library, fixture, index, keepsPageState } of CASES) for (const target of ["node", "edge"]) {
  test(`${library} on ${target}: a saved page updates in place, layout state kept; a CSS edit applies without a reload`, async () => {
    const app = copyFixture("fixtures", fixture);
    await withDev(
      app,
      (dev) =>
        withContext({}, async (context) => {
          const page = await context.newPage();
          const errors: string[] = [];
          page.on("pageerror", (error) => errors.push(error.message));
          // Dev serves each module on request: once the network is idle, the page has hydrated, and
          // a click is neither lost nor replayed later.
          await page.goto(`${dev.url}/`, { waitUntil: "networkidle" });
          await page.click("#hydrated");
          await page.waitForFunction(() => document.querySelector("#hydrated")?.textContent === "clicked 1");
          await page.click("#root-counter");
          await page.click("#root-counter");
          assert.is(await textOf(page, "#root-counter"), "root layout 2");
          await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));

          editFile(path.join(app, index), "Home page", "Home page, edited");
          await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Home page, edited", undefined, { timeout: 15_000 });
          assert.is(await textOf(page, "#root-counter"), "root layout 2", `${library}: the root layout kept its state`);
          if (keepsPageState) assert.is(await textOf(page, "#hydrated"), "clicked 1", `${library}: the page kept its state`);
          else assert.match(await textOf(page, "#hydrated"), /^clicked [01]$/);

          editFile(path.join(app, "pages/layout.css"), "color: rgb(20, 30, 40)", "color: rgb(200, 30, 40)");
          await page.waitForFunction(() => getComputedStyle(document.body).color === "rgb(200, 30, 40)", undefined, { timeout: 15_000 });
          assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), `${library}: no reload happened`);
          assert.is(await textOf(page, "#root-counter"), "root layout 2");
          assert.equal(errors, [], `${library}: no page errors`);
        }),
      ["--target", target],
    );
  });
}

test.after(closeBrowser);
test.run();
