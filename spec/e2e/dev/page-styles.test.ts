/**
 * `sdk dev` writes a page's CSS into the head of its server-rendered document, as a build links
 * it, on node and on the edge (workerd): the page arrives styled (no flash of unstyled content,
 * and styled with JavaScript off), hydration adds no second copy of any stylesheet (Vite's client
 * takes over the server's `<style data-vite-dev-id>` elements), and a saved stylesheet replaces
 * its text in place, with no reload and the page's state kept.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { scopedClassName } from "../../../compiler/css/scoped-names.ts";
import { closeBrowser, withContext } from "../../helpers/e2e/browser.ts";
import { editFile, withDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";

test.after(closeBrowser);

const CASES = [
  // Whether the library's HMR keeps the state of a component whose CSS module changed (as hmr.test.ts).
  // `componentStyle`: the page's own `<style>` block (Vue's and Svelte's), a virtual module of the library's plugin.
  { library: "react", keepsPageState: true, componentStyle: false },
  { library: "vue", keepsPageState: false, componentStyle: true },
  { library: "svelte", keepsPageState: false, componentStyle: true },
] as const;

/** From the layout's global stylesheet, the layout's CSS module, the page's and a component's. */
const STYLED = { clicksMargin: "0px", clicksPadding: "13px", frameBorder: "7px", cardColor: "rgb(255, 0, 0)", cardSize: "31px", badgeSpacing: "3px" };

/** Each callback is passed as it is: a named function inside one would reach the browser as tsx compiled it. */
const readStyles = async (page: Page) => ({
  clicksMargin: await page.$eval("#clicks", (element) => getComputedStyle(element).marginTop),
  clicksPadding: await page.$eval("#clicks", (element) => getComputedStyle(element).paddingLeft),
  frameBorder: await page.$eval("#frame", (element) => getComputedStyle(element).borderLeftWidth),
  cardColor: await page.$eval("#card", (element) => getComputedStyle(element).color),
  cardSize: await page.$eval("#card", (element) => getComputedStyle(element).fontSize),
  badgeSpacing: await page.$eval("#badge", (element) => getComputedStyle(element).letterSpacing),
});

/** The ids of the page's `<style>` elements, in document order. */
const styleIds = (page: Page) => page.$$eval("style[data-vite-dev-id]", (elements) => elements.map((element) => element.getAttribute("data-vite-dev-id")!));

for (const { library, keepsPageState, componentStyle } of CASES) for (const target of ["node", "edge"]) {
  test(`${library} on ${target}: the dev document's head carries the page's CSS; hydration keeps one copy; a CSS edit applies in place`, async () => {
    const styled = { ...STYLED, ...(componentStyle ? { clicksMargin: "5px" } : {}) };
    const app = realpathSync(copyFixture("fixtures", `e2e-css-modules-${library}`));
    await withDev(
      app,
      async (dev) => {
        const html = await (await fetch(`${dev.url}/`)).text();
        const head = html.slice(0, html.indexOf("</head>"));
        const body = html.slice(html.indexOf("</head>"));
        for (const file of ["pages/global.css", "pages/layout.module.css", "pages/card.module.css", "components/badge.module.css"]) {
          assert.ok(head.includes(`data-vite-dev-id="${path.join(app, file)}"`), `${file} is in the head`);
        }
        if (componentStyle) {
          const ids = [...head.matchAll(/data-vite-dev-id="([^"]+)"/g)].map((match) => match[1]);
          const block = `${path.join(app, `pages/index.${library}`)}?${library}&amp;type=style`;
          assert.ok(ids.some((id) => id!.startsWith(block)), `the page's <style> block is in the head: ${ids.join(", ")}`);
        }
        assert.ok(head.includes(`.${scopedClassName(app, "big", path.join(app, "pages/card.module.css"))}`), "the CSS module's class, named as the browser names it");
        assert.not.match(body, /data-vite-dev-id/, "no stylesheet in the body");
        assert.not.match(html, /sdk-dev-styles/, "the slot is filled");

        await withContext({ javaScriptEnabled: false }, async (context) => {
          const page = await context.newPage();
          await page.goto(`${dev.url}/`);
          assert.equal(await readStyles(page), styled, "styled with JavaScript off");
        });

        await withContext({}, async (context) => {
          const page = await context.newPage();
          const errors: string[] = [];
          page.on("pageerror", (error) => errors.push(error.message));
          await page.goto(`${dev.url}/`, { waitUntil: "networkidle" });
          const served = await styleIds(page);
          await page.click("#clicks");
          await page.waitForFunction(() => document.getElementById("clicks")?.textContent === "clicked 1", undefined, { timeout: 15_000 });
          assert.equal(await readStyles(page), styled, "styled after hydration");
          const hydrated = await styleIds(page);
          assert.equal(hydrated, served, "hydration adds no second copy");
          assert.is(new Set(hydrated).size, hydrated.length, "each stylesheet once");
          await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));

          // A global stylesheet accepts its own update: nothing else runs again.
          editFile(path.join(app, "pages/global.css"), "padding-left: 13px", "padding-left: 17px");
          await page.waitForFunction(() => getComputedStyle(document.getElementById("clicks")!).paddingLeft === "17px", undefined, { timeout: 15_000 });
          assert.is(await page.textContent("#clicks"), "clicked 1", "the page kept its state");
          // A CSS module's names reach its importer, which the library updates as for any edit of it.
          editFile(path.join(app, "pages/card.module.css"), "font-size: 31px", "font-size: 37px");
          await page.waitForFunction(() => getComputedStyle(document.getElementById("card")!).fontSize === "37px", undefined, { timeout: 15_000 });
          if (keepsPageState) assert.is(await page.textContent("#clicks"), "clicked 1", "the page kept its state through its CSS module's update");
          assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), "no reload");
          assert.equal(await styleIds(page), served, "the edits replaced the styles in place");
          assert.equal(errors, [], errors.join(" / "));
        });

        const edited = await (await fetch(`${dev.url}/`)).text();
        assert.match(edited.slice(0, edited.indexOf("</head>")), /font-size: 37px/, "the next document carries the edit");
      },
      ["--target", target],
    );
  });
}

test.run();
