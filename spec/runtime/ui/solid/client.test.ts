/**
 * The Solid adapter in Chromium: the page is rendered by the server adapter (in Node, solid's
 * server build), then the browser loads that document, and the client adapter (solid's
 * development build, which throws on a hydration mismatch) hydrates it and is navigated by
 * calling update() as the router does. A stand-in router records what the sdk/solid helpers ask.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import type { Component } from "solid-js";
import type { PageTree, UiServerAdapter } from "../../../../runtime/pages/types.ts";
import { closeBrowser, withContext } from "../../../helpers/e2e/browser.ts";
import { clientContractTests } from "../../../helpers/ui-client-contract.ts";
import { bundleSolid, importServerBundle } from "../../../helpers/ui-solid-bundle.ts";

const COMPONENTS = `
import { createSignal, mergeProps, splitProps, type ParentProps } from "solid-js";
import { Form, Link, useForm, useParams } from "sdk/solid";

function Counter(props: ParentProps<{ name: string }>) {
  const [count, setCount] = createSignal(0);
  return <div><button id={props.name} onClick={() => setCount(count() + 1)}>{props.name}:{count()}</button>{props.children}</div>;
}
const RootLayout = (props: ParentProps) => <Counter name="root"><Link href="/about" id="about-link">About</Link>{props.children}</Counter>;
const BlogLayout = (props: ParentProps) => <Counter name="blog">{props.children}</Counter>;
function Post(props: { title: string }) {
  const params = useParams<{ slug: string }>();
  return <article><h1>{props.title}</h1><p id="slug">{params.slug}</p><Counter name="post" /></article>;
}
const About = () => <p id="about">about</p>;
function Edit() {
  const form = useForm<unknown, { title: string }>();
  return (
    <Form form={form} action="?save">
      <input name="title" />
      <button id="save" name="intent" value="save">{form.pending ? "saving" : "save"}</button>
      <em id="error">{form.errors?.title ?? ""}</em>
      <i id="status">{String(form.status)}</i>
    </Form>
  );
}
function Doc(props: { title?: string; note?: string }) {
  const shown = mergeProps({ title: "untitled" }, props);
  const [own] = splitProps(props, ["note"]);
  return <section><h2 id="doc-title">{shown.title}</h2><p id="doc-note">{own.note}</p><Counter name="doc" /></section>;
}
const Alone = () => <p id="alone">alone</p>;
const Other = () => <p id="other">other</p>;

const FILES: Record<string, (props: any) => any> = {
  "pages/layout.tsx": RootLayout, "pages/blog/layout.tsx": BlogLayout, "pages/blog/[slug].tsx": Post,
  "pages/about.tsx": About, "pages/docs/[slug].tsx": Doc, "pages/edit.tsx": Edit, "pages/alone.tsx": Alone, "pages/other.tsx": Other,
};
function tree(url: string, page: string, layouts: string[], props: object = {}, params: Record<string, string> = {}) {
  const payload = { version: "v1", page, layouts, props, params, head: {}, ssr: true };
  return { layouts: layouts.map((id) => ({ id, component: FILES[id] })), page: { id: page, component: FILES[page] }, payload, url };
}
/** A page without a loader, as a payload may come: no props at all. */
function withoutProps(pageTree: ReturnType<typeof tree>) {
  return { ...pageTree, payload: { ...pageTree.payload, props: undefined } };
}
const BLOG = ["pages/layout.tsx", "pages/blog/layout.tsx"];
export const trees: Record<string, ReturnType<typeof tree>> = {
  blogA: tree("/blog/a", "pages/blog/[slug].tsx", BLOG, { title: "A" }, { slug: "a" }),
  blogB: tree("/blog/b", "pages/blog/[slug].tsx", BLOG, { title: "B" }, { slug: "b" }),
  about: tree("/about", "pages/about.tsx", ["pages/layout.tsx"]),
  docA: tree("/docs/a", "pages/docs/[slug].tsx", ["pages/layout.tsx"], { title: "A", note: "first" }),
  docB: tree("/docs/b", "pages/docs/[slug].tsx", ["pages/layout.tsx"], { note: "second" }),
  docWithoutProps: withoutProps(tree("/docs/c", "pages/docs/[slug].tsx", ["pages/layout.tsx"])),
  edit: tree("/edit", "pages/edit.tsx", ["pages/layout.tsx"]),
  editOther: tree("/edit?other", "pages/edit.tsx", ["pages/layout.tsx"]),
  alone: tree("/alone", "pages/alone.tsx", []),
  other: tree("/other", "pages/other.tsx", []),
};
`;

const SERVER = `${COMPONENTS}\nexport { solidServerAdapter } from "sdk/runtime/ui/solid/server";\n`;

const CLIENT = `${COMPONENTS}
import { solidClientAdapter } from "sdk/runtime/ui/solid/client";

let answerSubmit: (result: unknown) => void;
const calls: unknown[] = [];
const router = {
  navigate: async (url: string) => { calls.push(["navigate", url]); },
  reload: async () => { calls.push(["reload"]); },
  prefetch: (url: string) => { calls.push(["prefetch", url]); },
  submit: (form: HTMLFormElement, submitter?: HTMLButtonElement | null) => {
    calls.push(["submit", form.getAttribute("action"), submitter?.value ?? null]);
    return new Promise((resolve) => { answerSubmit = resolve; });
  },
};

(window as any).sdkTest = {
  calls,
  start(name: string, { hydrate, thenShow }: { hydrate: boolean; thenShow?: string }) {
    solidClientAdapter.start(document.getElementById("app")!, trees[name] as any, router as any, { hydrate });
    if (thenShow) solidClientAdapter.update(trees[thenShow] as any);
  },
  /** update() as the router calls it; returns what the document shows right after. */
  show(name: string) {
    solidClientAdapter.update(trees[name] as any);
    return document.getElementById("app")!.innerText;
  },
  answerSubmit: (result: unknown) => answerSubmit(result),
};
`;

const server = importServerBundle<{ solidServerAdapter: UiServerAdapter<Component<any>>; trees: Record<string, PageTree<Component<any>>> }>(SERVER);
const client = bundleSolid(CLIENT, "client", { development: true });

/**
 * A page showing the document the server renders for `serverHtmlOf` (an empty root when null, as
 * with `ssr = false`), with every console error and uncaught exception it reports.
 */
async function withDocument(serverHtmlOf: string | null, use: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  const { solidServerAdapter, trees } = await server;
  const body = serverHtmlOf === null ? "" : await solidServerAdapter.renderToString(trees[serverHtmlOf]!);
  const script = await client;
  await withContext({}, async (context) => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.setContent(`<!doctype html><html><body><div id="app">${body}</div></body></html>`);
    await page.addScriptTag({ content: script, type: "module" });
    await page.waitForFunction(() => (window as any).sdkTest);
    await use(page, problems);
  });
}

const start = (page: Page, name: string, options: { hydrate: boolean; thenShow?: string }) =>
  page.evaluate(([tree, startOptions]) => (window as any).sdkTest.start(tree, startOptions), [name, options] as const);
const show = (page: Page, name: string) => page.evaluate((tree) => (window as any).sdkTest.show(tree) as string, name);
const text = (page: Page, selector: string) => page.locator(selector).innerText();

test.after(closeBrowser);

test("hydration attaches to the server's HTML and makes buttons live; the root keeps only the page", async () => {
  await withDocument("blogA", async (page, problems) => {
    assert.ok(await page.evaluate(() => (window as any)._$HY), "the server's hydration script ran");
    await start(page, "blogA", { hydrate: true });
    await page.click("#root");
    await page.click("#post");
    assert.is(await text(page, "#root"), "root:1");
    assert.is(await text(page, "#post"), "post:1");
    assert.is(await page.locator("#app > script").count(), 0);
    assert.equal(problems, []);
  });
});

test("a mismatch would be seen: hydrating another tree than the server rendered fails", async () => {
  await withDocument("blogA", async (page) => {
    const failure = await start(page, "about", { hydrate: true }).then(() => null, (error: Error) => error);
    assert.match(failure?.message ?? "hydrated", /Hydration Mismatch/);
  });
});

test("layouts keep their state across navigations; what differs is replaced, in the document when update() returns", async () => {
  await withDocument("blogA", async (page, problems) => {
    await start(page, "blogA", { hydrate: true });
    for (const button of ["#root", "#blog", "#blog", "#post"]) await page.click(button);

    const onB = await show(page, "blogB");
    assert.match(onB, "B");
    assert.equal([await text(page, "#root"), await text(page, "#blog"), await text(page, "h1"), await text(page, "#slug")], ["root:1", "blog:2", "B", "b"]);
    // The same page file at another URL is the same component: it keeps its state, its props change.
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

test("a page's own mergeProps and splitProps follow its props across navigations", async () => {
  await withDocument("docA", async (page, problems) => {
    await start(page, "docA", { hydrate: true });
    await page.click("#doc");
    assert.equal([await text(page, "#doc-title"), await text(page, "#doc-note")], ["A", "first"]);
    await show(page, "docB");
    assert.equal([await text(page, "#doc-title"), await text(page, "#doc-note"), await text(page, "#doc")], ["untitled", "second", "doc:1"]);
    await show(page, "docWithoutProps");
    assert.equal([await text(page, "#doc-title"), await text(page, "#doc-note"), await text(page, "#doc")], ["untitled", "", "doc:1"]);
    assert.equal(problems, []);
  });
});

test("a navigation right after start shows the new tree over the hydrated one", async () => {
  await withDocument("blogA", async (page, problems) => {
    await start(page, "blogA", { hydrate: true, thenShow: "about" });
    await page.waitForSelector("#about");
    await page.click("#root");
    assert.is(await text(page, "#root"), "root:1");
    assert.equal(problems, []);
  });
});

test("a page without layouts is replaced at the root of the document", async () => {
  await withDocument("alone", async (page, problems) => {
    await start(page, "alone", { hydrate: true });
    assert.match(await show(page, "other"), "other");
    assert.is(await page.locator("#alone").count(), 0);
    assert.is(await page.evaluate(() => document.getElementById("app")!.children.length), 1);
    assert.equal(problems, []);
  });
});

clientContractTests(test, {
  open: (name, options, use) =>
    withDocument(options.hydrate ? name : null, async (page, problems) => {
      await start(page, name, options);
      await use(page, problems);
    }),
  show,
});

test.run();
