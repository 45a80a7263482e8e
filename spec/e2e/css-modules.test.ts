/**
 * CSS modules end to end, per UI library: a fixture whose root layout, page and a component each
 * import a `*.module.css`, built by the installed CLI for node and the edge (workerd through
 * `sdk preview`), and run by `sdk dev` on both. In Chromium the elements carry the scoped names
 * (the same in the server's HTML, after hydration, and in dev: the names come from the file and
 * the class alone) and the styles apply; with JavaScript off too, in a build (the stylesheet is
 * linked in the server's head) and in dev (the dev server writes it there). The Svelte fixture's `<svelte:head>` arrives in the server's head
 * and hydration keeps it, once.
 */
import type { Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { scopedClassName } from "../../compiler/css/scoped-names.ts";
import type { Target } from "../../compiler/ir.ts";
import { closeBrowser, withContext } from "../helpers/e2e/browser.ts";
import { buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { withDev } from "../helpers/dev-server.ts";
import { copyFixture } from "../helpers/sdk-cli.ts";

test.after(closeBrowser);

const LIBRARIES = ["react", "vue", "svelte", "solid"] as const;
const TARGETS: readonly Target[] = ["node", "edge"];

/** The names every build and dev server must give: computed here from the project-relative file. */
const scoped = (file: string, name: string) => scopedClassName("/app", name, `/app/${file}`);
const EXPECTED = {
  card: [scoped("pages/card.module.css", "big"), scoped("pages/card.module.css", "title")],
  frame: [scoped("pages/layout.module.css", "frame")],
  badge: [scoped("components/badge.module.css", "badge")],
};

interface Styles {
  classes: Record<keyof typeof EXPECTED, string[]>;
  color: string;
  fontSize: string;
  border: string;
  letterSpacing: string;
}

/** Each callback is passed as it is: a named function inside one would reach the browser as tsx compiled it, calling a helper it lacks. */
async function readStyles(page: Page): Promise<Styles> {
  const [card, frame, badge] = await Promise.all(
    ["#card", "#frame", "#badge"].map((selector) =>
      page.$eval(selector, (element) => {
        const style = getComputedStyle(element);
        return { classes: [...element.classList], color: style.color, fontSize: style.fontSize, border: `${style.borderLeftWidth} ${style.borderLeftColor}`, letterSpacing: style.letterSpacing };
      }),
    ),
  );
  return {
    classes: { card: moduleClasses(card!.classes), frame: moduleClasses(frame!.classes), badge: moduleClasses(badge!.classes) },
    color: card!.color,
    fontSize: card!.fontSize,
    border: frame!.border,
    letterSpacing: badge!.letterSpacing,
  };
}

/**
 * The CSS modules' names only: the Svelte page's `<style>` block adds Svelte's own scoping class,
 * in dev to every element of the component (vite-plugin-svelte keeps each one styleable by an edit).
 */
function moduleClasses(classes: string[]): string[] {
  return classes.filter((name) => !name.startsWith("svelte-"));
}

function assertStyled(styles: Styles, when: string): void {
  assert.equal(styles.classes, EXPECTED, `${when}: the scoped class names`);
  assert.is(styles.color, "rgb(255, 0, 0)", `${when}: the composed class's color`);
  assert.is(styles.fontSize, "31px", `${when}: the page's module`);
  assert.is(styles.border, "7px rgb(0, 0, 255)", `${when}: the layout's module`);
  assert.is(styles.letterSpacing, "3px", `${when}: the component's module`);
}

/** Hydration is done once a click counts. */
async function hydrate(page: Page): Promise<void> {
  await page.click("#clicks");
  await page.waitForFunction(() => document.getElementById("clicks")?.textContent === "clicked 1", undefined, { timeout: 15_000 });
}

async function assertSvelteHead(page: Page, library: string): Promise<void> {
  if (library !== "svelte") return;
  const metas = await page.locator('head meta[name="from-svelte-head"]').count();
  assert.is(metas, 1, "<svelte:head> content, once");
}

async function checkInBrowser(url: string, library: string, options: { javaScriptOff: boolean }): Promise<void> {
  if (options.javaScriptOff) {
    await withContext({ javaScriptEnabled: false }, async (context) => {
      const page = await context.newPage();
      await page.goto(`${url}/`);
      assertStyled(await readStyles(page), `${library}, server HTML without JavaScript`);
      await assertSvelteHead(page, library);
    });
  }
  await withContext({}, async (context) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // The fixtures have no favicon: the dev server answers the browser's own request for one 404.
    page.on("console", (message) => {
      const text = message.text();
      const favicon = message.location().url.endsWith("/favicon.ico");
      if ((message.type() === "error" && !favicon) || text.includes("mismatch")) errors.push(text);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${url}/`, { waitUntil: "networkidle" });
    await hydrate(page);
    assertStyled(await readStyles(page), `${library}, after hydration`);
    await assertSvelteHead(page, library);
    assert.equal(errors, [], `${library}: no page errors or hydration mismatches: ${errors.join(" / ")}`);
  });
}

for (const library of LIBRARIES) {
  for (const target of TARGETS) {
    test(`${library} on ${target}: a build's CSS modules are scoped, linked in the head and hydrate`, async () => {
      const root = buildFixture(`e2e-css-modules-${library}`, target);
      await withServer(() => startBuilt(root, target), async (server) => {
        const html = await (await fetch(`${server.url}/`)).text();
        const head = html.slice(0, html.indexOf("</head>"));
        assert.match(head, /<link rel="stylesheet" href="\/assets\/[^"]+\.css">/, "the stylesheets are linked in the head");
        if (library === "svelte") assert.match(head, /<meta name="from-svelte-head" content="server and browser"\s*\/?>/);
        await checkInBrowser(server.url, library, { javaScriptOff: true });
      });
    });

    test(`${library} in sdk dev on ${target}: the same scoped names, styled without JavaScript and after hydration`, async () => {
      const root = copyFixture("fixtures", `e2e-css-modules-${library}`);
      await withDev(root, (dev) => checkInBrowser(dev.url, library, { javaScriptOff: true }), ["--target", target]);
    });
  }
}

test.run();
