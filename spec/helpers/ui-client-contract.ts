/**
 * What every UI adapter's client must do the same way, run against each library's own fixture
 * (spec/ui-<library>-client.test.ts): render without server HTML, Link's prefetch, and Form with
 * useForm through the router. Each fixture shows the same tree names (`about`, `edit`,
 * `editOther`) and exposes the same `window.sdkTest` (calls, answerSubmit, show).
 */
import type { Page } from "playwright-core";
import type { Test } from "uvu";
import * as assert from "uvu/assert";

export interface ClientFixture {
  /** Opens a page showing tree `name`, hydrating its server HTML or rendering into an empty container. */
  open(name: string, options: { hydrate: boolean }, use: (page: Page, problems: string[]) => Promise<void>): Promise<void>;
  /** Navigates to tree `name`; resolves once it is in the document. */
  show(page: Page, name: string): Promise<string>;
}

const text = (page: Page, selector: string) => page.locator(selector).innerText();

export function clientContractTests(test: Test, fixture: ClientFixture): void {
  test("without server HTML (ssr = false) the tree is rendered into the empty container", async () => {
    await fixture.open("about", { hydrate: false }, async (page, problems) => {
      assert.is(await text(page, "#about"), "about");
      await page.click("#root");
      assert.is(await text(page, "#root"), "root:1");
      assert.equal(problems, []);
    });
  });

  test("Link asks the router to prefetch on hover and on focus", async () => {
    await fixture.open("about", { hydrate: true }, async (page) => {
      await page.hover("#about-link");
      await page.focus("#about-link");
      const calls = await page.evaluate(() => (window as any).sdkTest.calls);
      assert.equal(calls, [
        ["prefetch", "/about"],
        ["prefetch", "/about"],
      ]);
    });
  });

  test("Form submits through the router with its submitter; useForm shows pending, the 422 errors, then a success", async () => {
    await fixture.open("edit", { hydrate: true }, async (page, problems) => {
      await page.fill("input[name=title]", "draft");
      await page.click("#save");
      await page.waitForFunction(() => document.getElementById("save")!.textContent === "saving");
      assert.equal(await page.evaluate(() => (window as any).sdkTest.calls), [["submit", "?save", "save"]]);

      await page.evaluate(() => (window as any).sdkTest.answerSubmit({ status: 422, errors: { title: "Title is required" } }));
      await page.waitForFunction(() => document.getElementById("save")!.textContent === "save");
      assert.is(await text(page, "#error"), "Title is required");
      assert.is(await text(page, "#status"), "422");
      assert.is(await page.inputValue("input[name=title]"), "draft", "kept for the user to correct");
      // Still the same document: the browser did not post the form itself.
      assert.ok(await page.evaluate(() => (window as any).sdkTest !== undefined));

      // The result belongs to the URL it was submitted from: the same page at another URL starts clean.
      await fixture.show(page, "editOther");
      assert.equal([await text(page, "#error"), await text(page, "#status")], ["", "undefined"]);

      await page.click("#save");
      await page.waitForFunction(() => document.getElementById("save")!.textContent === "saving");
      await page.evaluate(() => (window as any).sdkTest.answerSubmit({ status: 200, data: { id: 1 } }));
      await page.waitForFunction(() => document.getElementById("status")!.textContent === "200");
      assert.is(await page.inputValue("input[name=title]"), "", "reset, as after the browser's own post");
      assert.equal(problems, []);
    });
  });
}
