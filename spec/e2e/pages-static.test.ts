/**
 * `output: "static"`: every page is prerendered into dist/client with its navigation JSON, so a
 * plain static server (no sdk code) serves the site and Chromium navigates it client-side. A
 * dynamic page without getPrerenderPaths() is reported at build, not skipped in silence.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { closeBrowser, withContext } from "../helpers/e2e/browser.js";
import { serveStatic } from "../helpers/e2e/static-server.js";
import { copyFixture, expectSuccess, runSdk } from "../helpers/sdk-cli.js";

test.after(closeBrowser);

test("output static: every page and its data are files; a plain static server navigates client-side", async () => {
  const root = copyFixture("fixtures", "e2e-pages-static");
  const build = expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build");
  assert.match(build.stderr, /warning SDK_PRERENDER_DYNAMIC pages\/drafts\/\[id\]\.tsx: .*getPrerenderPaths/);
  const client = path.join(root, "dist", "client");
  for (const file of ["index.html", "__data.json", "about.html", "about/__data.json", "posts/one.html", "posts/one/__data.json"]) {
    assert.ok(existsSync(path.join(client, file)), file);
  }
  assert.not.ok(existsSync(path.join(client, "drafts")), "no draft was invented");

  const site = await serveStatic(client);
  try {
    await withContext({}, async (context) => {
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      assert.is(await page.textContent("h1"), "Static home");
      await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
      await page.click("text=About");
      await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Static about");
      assert.is(await page.title(), "About · Static");
      await page.click("text=Post one");
      await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Post one");
      assert.is(await page.title(), "Post one · Static");
      assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), "navigated without a full load");
    });
  } finally {
    await site.close();
  }
});

test.run();
