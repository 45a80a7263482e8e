/**
 * The starter apps of `sdk init` under `sdk dev` in Chromium, per UI library: an edit of the
 * page's markup shows in place, without a reload, and with React and Vue a counter clicked twice
 * still reads 2. A page file that exports anything beside its component (React's Fast Refresh gives
 * up on a `head` export) reloads the page and loses the count; the templates keep `head` in the
 * page's .server.ts. Svelte and Solid remount the component an edit changes, by their HMR's
 * design: Svelte 5's `hmr()` wrapper destroys the old instance's effect and runs the new
 * component (svelte/src/internal/client/dev/hmr.js); solid-refresh replaces changed components
 * and "does not allow preserving state through module replacement" (its README, Limitations).
 */
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { closeBrowser, withContext } from "../../helpers/e2e/browser.ts";
import { editFile, withDev } from "../../helpers/dev-server.ts";
import { expectSuccess, installedApps, runSdk } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const STARTERS = [
  { template: "react", page: "pages/index.tsx", keepsState: true },
  { template: "vue", page: "pages/index.vue", keepsState: true },
  { template: "svelte", page: "pages/index.svelte", keepsState: false },
  { template: "solid", page: "pages/index.tsx", keepsState: false },
];

function starterApp(template: string): string {
  const parent = scratchDir(`hmr-${template}`, installedApps());
  expectSuccess(runSdk(["init", "my-app", "--template", template, "--root", parent]), `sdk init --template ${template}`);
  return path.join(parent, "my-app");
}

for (const { template, page: pageFile, keepsState } of STARTERS) {
  const outcome = keepsState ? "keeps its count" : "is remounted in place, as the library's HMR does,";
  test(`sdk init --template ${template}: a counter clicked twice ${outcome} through an edit of the page's markup`, async () => {
    const app = starterApp(template);
    await withDev(app, (dev) =>
      withContext({}, async (context) => {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.goto(`${dev.url}/`, { waitUntil: "networkidle" });
        assert.is(await page.title(), "Welcome to sdk", "the head from pages/index.server.ts");
        // The first click waits for hydration: dev serves each module on request.
        await page.click("button");
        await page.waitForFunction(() => document.querySelector("button")?.textContent === "clicked 1");
        await page.click("button");
        await page.waitForFunction(() => document.querySelector("button")?.textContent === "clicked 2");
        await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));

        editFile(path.join(app, pageFile), "<h1>Welcome to sdk</h1>", "<h1>Welcome to sdk, edited</h1>");
        await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Welcome to sdk, edited", undefined, { timeout: 15_000 });
        assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), `${template}: no reload happened`);
        assert.is(await page.textContent("button"), keepsState ? "clicked 2" : "clicked 0", `${template}: the page's state`);
        assert.equal(errors, [], `${template}: no page errors`);
      }),
    );
  });
}

test.after(closeBrowser);
test.run();
