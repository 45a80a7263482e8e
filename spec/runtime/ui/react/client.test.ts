/**
 * The React adapter in Chromium: the page is rendered by the server adapter (react-dom/server's
 * browser build, the same renderer as on the server), hydrated by the client adapter, then
 * navigated by calling update() as the router does. A stand-in router records what the sdk/react
 * helpers ask of it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { closeBrowser, withContext } from "../../../helpers/e2e/browser.ts";
import { clientContractTests } from "../../../helpers/ui-client-contract.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

const FIXTURE = `
import { createElement as h, useEffect, useState } from "react";
import { reactServerAdapter } from "./runtime/ui/react/server.ts";
import { reactClientAdapter } from "./runtime/ui/react/client.ts";
import { Form, Link, useForm } from "./runtime/ui/react/index.ts";

function Counter({ name, children }) {
  const [count, setCount] = useState(0);
  return h("div", null, h("button", { id: name, onClick: () => setCount(count + 1) }, name + ":" + count), children);
}
function RootLayout({ children }) {
  useEffect(() => { window.sdkTest.hydrated = true; }, []);
  return h(Counter, { name: "root" }, h(Link, { href: "/about", id: "about-link" }, "About"), children);
}
const BlogLayout = ({ children }) => h(Counter, { name: "blog" }, children);
const Post = ({ title }) => h("article", null, h("h1", null, title), h(Counter, { name: "post" }));
const About = () => h("p", { id: "about" }, "about");
function Edit() {
  const form = useForm();
  return h(Form, { form, action: "?save" },
    h("input", { name: "title" }),
    h("button", { id: "save", name: "intent", value: "save" }, form.pending ? "saving" : "save"),
    h("em", { id: "error" }, form.errors?.title ?? ""),
    h("i", { id: "status" }, String(form.status)));
}

const FILES = { "pages/layout.tsx": RootLayout, "pages/blog/layout.tsx": BlogLayout, "pages/blog/[slug].tsx": Post, "pages/about.tsx": About, "pages/edit.tsx": Edit };
function tree(url, page, layouts, props = {}) {
  const payload = { version: "v1", page, layouts, props, params: {}, head: {}, ssr: true };
  return { layouts: layouts.map((id) => ({ id, component: FILES[id] })), page: { id: page, component: FILES[page] }, payload, url };
}
const BLOG = ["pages/layout.tsx", "pages/blog/layout.tsx"];
const trees = {
  blogA: tree("/blog/a", "pages/blog/[slug].tsx", BLOG, { title: "A" }),
  blogB: tree("/blog/b", "pages/blog/[slug].tsx", BLOG, { title: "B" }),
  about: tree("/about", "pages/about.tsx", ["pages/layout.tsx"]),
  edit: tree("/edit", "pages/edit.tsx", ["pages/layout.tsx"]),
  editOther: tree("/edit?other", "pages/edit.tsx", ["pages/layout.tsx"]),
};

let answerSubmit;
const calls = [];
const router = {
  navigate: async (url) => { calls.push(["navigate", url]); },
  reload: async () => { calls.push(["reload"]); },
  prefetch: (url) => { calls.push(["prefetch", url]); },
  submit: (form, submitter) => {
    calls.push(["submit", form.getAttribute("action"), submitter?.value ?? null]);
    return new Promise((resolve) => { answerSubmit = resolve; });
  },
};

window.sdkTest = {
  hydrated: false,
  calls,
  async boot(name, { hydrate, serverHtmlOf = name, thenShow }) {
    const container = document.getElementById("app");
    container.innerHTML = hydrate ? await reactServerAdapter.renderToString(trees[serverHtmlOf]) : "";
    reactClientAdapter.start(container, trees[name], router, { hydrate });
    if (thenShow) reactClientAdapter.update(trees[thenShow]);
  },
  /** update() as the router calls it; returns what the document shows right after. */
  show(name) {
    reactClientAdapter.update(trees[name]);
    return document.getElementById("app").innerText;
  },
  answerSubmit: (result) => answerSubmit(result),
};
`;

const bundle = build({
  stdin: { contents: FIXTURE, resolveDir: repoRoot, loader: "ts", sourcefile: "react-client-fixture.ts" },
  bundle: true,
  write: false,
  format: "iife",
  platform: "browser",
  // Development React: it reports hydration mismatches on the console, which the tests watch.
  define: { "process.env.NODE_ENV": '"development"' },
  logLevel: "silent",
}).then((result) => result.outputFiles[0].text);

/** A page with the fixture loaded, and every console error and uncaught exception it reports. */
async function withFixture(use: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  const script = await bundle;
  await withContext({}, async (context) => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.setContent('<!doctype html><html><body><div id="app"></div></body></html>');
    await page.addScriptTag({ content: script });
    await use(page, problems);
  });
}

async function boot(page: Page, name: string, options: { hydrate: boolean; serverHtmlOf?: string; thenShow?: string }): Promise<void> {
  await page.evaluate(([tree, bootOptions]) => (window as any).sdkTest.boot(tree, bootOptions), [name, options] as const);
  await page.waitForFunction(() => (window as any).sdkTest.hydrated);
}

const show = (page: Page, name: string) => page.evaluate((tree) => (window as any).sdkTest.show(tree) as string, name);
const text = (page: Page, selector: string) => page.locator(selector).innerText();

test.after(closeBrowser);

test("hydration attaches to the server's HTML without a mismatch and makes buttons live", async () => {
  await withFixture(async (page, problems) => {
    await boot(page, "blogA", { hydrate: true });
    await page.click("#root");
    await page.click("#post");
    assert.is(await text(page, "#root"), "root:1");
    assert.is(await text(page, "#post"), "post:1");
    assert.equal(problems, []);
  });
});

test("a mismatch would be seen: hydrating other HTML is reported", async () => {
  await withFixture(async (page, problems) => {
    await boot(page, "blogA", { hydrate: true, serverHtmlOf: "blogB" });
    assert.ok(problems.some((problem) => /hydrat/i.test(problem)), problems.join("\n"));
  });
});

test("layouts keep their state across navigations; what differs is replaced, in the document when update() returns", async () => {
  await withFixture(async (page, problems) => {
    await boot(page, "blogA", { hydrate: true });
    for (const button of ["#root", "#blog", "#blog", "#post"]) await page.click(button);

    const onB = await show(page, "blogB");
    assert.match(onB, "B");
    assert.equal([await text(page, "#root"), await text(page, "#blog"), await text(page, "h1")], ["root:1", "blog:2", "B"]);
    // The same page file at another URL is the same component: it keeps its state too.
    assert.is(await text(page, "#post"), "post:1");

    const onAbout = await show(page, "about");
    assert.match(onAbout, "about");
    assert.is(await text(page, "#root"), "root:1");
    assert.is(await page.locator("#blog").count(), 0);

    await show(page, "blogA");
    assert.equal([await text(page, "#root"), await text(page, "#blog"), await text(page, "#post")], ["root:1", "blog:0", "post:0"]);
    assert.equal(problems, []);
  });
});

test("a navigation before hydration has finished hydrates the server's tree first, then shows the new one", async () => {
  await withFixture(async (page, problems) => {
    await boot(page, "blogA", { hydrate: true, thenShow: "about" });
    await page.waitForSelector("#about");
    await page.click("#root");
    assert.is(await text(page, "#root"), "root:1");
    assert.equal(problems, []);
  });
});

clientContractTests(test, {
  open: (name, options, use) =>
    withFixture(async (page, problems) => {
      await boot(page, name, options);
      await use(page, problems);
    }),
  show,
});

test.run();
