/**
 * The Svelte adapter in Chromium: each page is rendered by the server adapter (compiled for the
 * server, in this process), hydrated by the client adapter (compiled for the browser, in
 * development so Svelte reports hydration mismatches), then navigated by calling update() as
 * the router does. A stand-in router records what the sdk/svelte helpers ask of it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import type { PageTree, RenderedPage, UiServerAdapter } from "../../../../runtime/pages/types.ts";
import { closeBrowser, withContext } from "../../../helpers/e2e/browser.ts";
import { clientContractTests } from "../../../helpers/ui-client-contract.ts";
import { buildSvelte, importServerBuild, SVELTE_RUNTIME, writeFiles } from "../../../helpers/svelte-bundle.ts";

const SDK_SVELTE = `${SVELTE_RUNTIME}/index.ts`;

const FILES = {
  "Counter.svelte": `<script>
  let { name, children } = $props();
  let count = $state(0);
</script>
<div><button id={name} onclick={() => count++}>{name}:{count}</button>{@render children?.()}</div>`,
  "RootLayout.svelte": `<script>
  import { Link } from "${SDK_SVELTE}";
  import Counter from "./Counter.svelte";
  let { children } = $props();
</script>
<Counter name="root"><Link href="/about" id="about-link">About</Link>{@render children()}</Counter>`,
  "BlogLayout.svelte": `<script>
  import Counter from "./Counter.svelte";
  let { children } = $props();
</script>
<Counter name="blog">{@render children()}</Counter>`,
  "Post.svelte": `<script>
  import Counter from "./Counter.svelte";
  let { title } = $props();
</script>
<article><h1>{title}</h1><Counter name="post" /></article>`,
  "About.svelte": '<p id="about">about</p>',
  "Live.svelte": `<script>
  import { useParams, usePage } from "${SDK_SVELTE}";
  const params = useParams();
  const page = usePage();
</script>
<p id="live">{params.slug}|{page.url}</p>`,
  "Edit.svelte": `<script>
  import { Form, useForm } from "${SDK_SVELTE}";
  const form = useForm();
</script>
<Form {form} action="?save">
  <input name="title" />
  <button id="save" name="intent" value="save">{form.pending ? "saving" : "save"}</button>
  <em id="error">{form.errors?.title ?? ""}</em>
  <i id="status">{String(form.status)}</i>
</Form>`,
  "trees.ts": `import RootLayout from "./RootLayout.svelte";
import BlogLayout from "./BlogLayout.svelte";
import Post from "./Post.svelte";
import About from "./About.svelte";
import Live from "./Live.svelte";
import Edit from "./Edit.svelte";

const FILES = { "pages/layout.svelte": RootLayout, "pages/blog/layout.svelte": BlogLayout, "pages/blog/[slug].svelte": Post, "pages/about.svelte": About, "pages/live/[slug].svelte": Live, "pages/edit.svelte": Edit };
function tree(url, page, layouts, props = {}, params = {}) {
  const payload = { version: "v1", page, layouts, props, params, head: {}, ssr: true };
  return { layouts: layouts.map((id) => ({ id, component: FILES[id] })), page: { id: page, component: FILES[page] }, payload, url };
}
const ROOT = ["pages/layout.svelte"];
const BLOG = [...ROOT, "pages/blog/layout.svelte"];
export const trees = {
  blogA: tree("/blog/a", "pages/blog/[slug].svelte", BLOG, { title: "A" }),
  blogB: tree("/blog/b", "pages/blog/[slug].svelte", BLOG, { title: "B" }),
  about: tree("/about", "pages/about.svelte", ROOT),
  liveA: tree("/live/a", "pages/live/[slug].svelte", ROOT, {}, { slug: "a" }),
  liveB: tree("/live/b?x", "pages/live/[slug].svelte", ROOT, {}, { slug: "b" }),
  edit: tree("/edit", "pages/edit.svelte", ROOT),
  editOther: tree("/edit?other", "pages/edit.svelte", ROOT),
};
`,
  "server.ts": `export { trees } from "./trees.ts";
export { svelteServerAdapter } from "${SVELTE_RUNTIME}/server.ts";
`,
  "browser.ts": `import { svelteClientAdapter } from "${SVELTE_RUNTIME}/client.ts";
import { trees } from "./trees.ts";

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
const container = () => document.getElementById("app");

window.sdkTest = {
  calls,
  boot(name, { html, hydrate }) {
    container().innerHTML = html;
    svelteClientAdapter.start(container(), trees[name], router, { hydrate });
  },
  /** update() as the router calls it; what the document shows once it has resolved. */
  async show(name) {
    await svelteClientAdapter.update(trees[name]);
    return container().innerText;
  },
  answerSubmit: (result) => answerSubmit(result),
};
`,
};

type TreeName = "blogA" | "blogB" | "about" | "liveA" | "liveB" | "edit" | "editOther";

const dir = writeFiles(FILES);
const server = importServerBuild<{ trees: Record<TreeName, PageTree>; svelteServerAdapter: UiServerAdapter<unknown, RenderedPage> }>(dir, "server.ts");
// Development Svelte: it reports hydration mismatches on the console, which the tests watch.
const script = buildSvelte(dir, "browser.ts", { side: "client", mode: "development", format: "iife" }).then((build) => build.code);

async function serverHtml(name: TreeName): Promise<string> {
  const { trees, svelteServerAdapter } = await server;
  return (await svelteServerAdapter.renderToString(trees[name])).body;
}

/** A page with the fixture loaded, and every console error and warning and uncaught exception it reports. */
async function withFixture(use: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  const code = await script;
  await withContext({}, async (context) => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.setContent('<!doctype html><html><body><div id="app"></div></body></html>');
    await page.addScriptTag({ content: code });
    await use(page, problems);
  });
}

/** Hydrates the server's HTML of `serverHtmlOf` (default: the same tree), or mounts into an empty container. */
async function boot(page: Page, name: TreeName, options: { hydrate: boolean; serverHtmlOf?: TreeName }): Promise<void> {
  const html = options.hydrate ? await serverHtml(options.serverHtmlOf ?? name) : "";
  await page.evaluate(([tree, bootOptions]) => (window as any).sdkTest.boot(tree, bootOptions), [name, { html, hydrate: options.hydrate }] as const);
}

const show = (page: Page, name: TreeName) => page.evaluate((tree) => (window as any).sdkTest.show(tree) as Promise<string>, name);
const text = (page: Page, selector: string) => page.locator(selector).innerText();

test.after(closeBrowser);

test("hydration attaches to the server's HTML without a mismatch and makes buttons live", async () => {
  await withFixture(async (page, problems) => {
    await boot(page, "blogA", { hydrate: true });
    const serverButton = await page.evaluateHandle(() => document.getElementById("root"));
    await page.click("#root");
    await page.click("#post");
    assert.is(await text(page, "#root"), "root:1");
    assert.is(await text(page, "#post"), "post:1");
    assert.ok(await page.evaluate((button) => button === document.getElementById("root"), serverButton), "the server's elements were kept");
    assert.equal(problems, []);
  });
});

// Svelte checks structure, not text: another page's elements in the same place are a mismatch.
test("a mismatch would be seen: hydrating other HTML is reported", async () => {
  await withFixture(async (page, problems) => {
    await boot(page, "edit", { hydrate: true, serverHtmlOf: "about" });
    assert.ok(problems.some((problem) => /hydrat/i.test(problem)), problems.join("\n"));
  });
});

test("layouts keep their state across navigations; what differs is replaced, in the document when update() resolves", async () => {
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

test("useParams and usePage follow a navigation that keeps the page mounted", async () => {
  await withFixture(async (page, problems) => {
    await boot(page, "liveA", { hydrate: true });
    assert.is(await text(page, "#live"), "a|/live/a");
    assert.match(await show(page, "liveB"), "b|/live/b?x");
    assert.equal(problems, []);
  });
});

clientContractTests(test, {
  open: (name, options, use) =>
    withFixture(async (page, problems) => {
      await boot(page, name as TreeName, options);
      await use(page, problems);
    }),
  show: (page, name) => show(page, name as TreeName),
});

test.run();
