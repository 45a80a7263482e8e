import { test } from "uvu";
import * as assert from "uvu/assert";
import { PAYLOAD_ID, ROOT_ID } from "../../../runtime/pages/constants.ts";
import { createDocumentRenderer, renderDocument, renderErrorDocument } from "../../../runtime/pages/document.ts";
import type { PagePayload } from "../../../runtime/pages/types.ts";

const payload: PagePayload = {
  version: "v1",
  page: "pages/index.tsx",
  layouts: ["pages/layout.tsx"],
  props: { message: "hi" },
  params: {},
  head: { title: "Home" },
  ssr: true,
};
const assets = { modules: ["/assets/index-1.js", "/assets/shared-2.js"], css: ["/assets/index-3.css"] };

/** The payload with `props` written last, where the document's JSON has it. */
function propsLast({ props, ...rest }: PagePayload): object {
  return { ...rest, props };
}

/** The payload script's text, up to the first `</script>` an HTML parser would see. */
function payloadText(html: string): string {
  const open = `<script type="application/json" id="${PAYLOAD_ID}">`;
  const start = html.indexOf(open) + open.length;
  return html.slice(start, html.indexOf("</script>", start));
}

test("the document: head, preloads, stylesheets, root, payload and entry, in that order", () => {
  const html = renderDocument({
    head: { title: "Home", htmlAttrs: { lang: "en" }, bodyAttrs: { class: "dark" } },
    body: "<main>hi</main>",
    payload,
    assets,
    entry: "/assets/entry-9.js",
  });
  assert.is(
    html,
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Home</title>' +
      '<link rel="modulepreload" href="/assets/index-1.js"><link rel="modulepreload" href="/assets/shared-2.js">' +
      '<link rel="stylesheet" href="/assets/index-3.css"></head><body class="dark">' +
      `<div id="${ROOT_ID}"><main>hi</main></div>` +
      `<script type="application/json" id="${PAYLOAD_ID}">${JSON.stringify(propsLast(payload))}</script>` +
      '<script type="module" src="/assets/entry-9.js"></script></body></html>',
  );
});

test("the ids are sdk-root and sdk-page", () => {
  assert.is(ROOT_ID, "sdk-root");
  assert.is(PAYLOAD_ID, "sdk-page");
});

test("data with </script>, <!-- and U+2028 survives the document and cannot break out", () => {
  const hostile = { ...payload, props: { text: "</script><script>alert(1)</script><!--\u2028\u2029&" } };
  const html = renderDocument({ head: {}, body: "", payload: hostile, assets, entry: "/e.js" });
  assert.equal(JSON.parse(payloadText(html)), hostile);
  assert.not.match(html, "alert(1)</script>");
  assert.is(html.split("<script").length - 1, 2, "only the payload and entry scripts");
});

test("the head's own viewport replaces the default, and its charset never doubles ours", () => {
  const html = renderDocument({
    head: { meta: [{ name: "viewport", content: "width=500" }, { charset: "latin1" }] },
    body: "",
    payload,
    assets: { modules: [], css: [] },
    entry: "/e.js",
  });
  assert.is(html.match(/name="viewport"/g)?.length, 1);
  assert.match(html, 'content="width=500"');
  assert.is(html.match(/charset=/g)?.length, 1);
  assert.match(html, '<meta charset="utf-8">');
});

test("asset URLs and the entry are attribute-escaped", () => {
  const html = renderDocument({ head: {}, body: "", payload, assets: { modules: ['/a".js'], css: [] }, entry: '/e"x.js' });
  assert.match(html, 'href="/a&quot;.js"');
  assert.match(html, 'src="/e&quot;x.js"');
});

test("the same inputs give the same bytes", () => {
  const parts = { head: { title: "t" }, body: "<p>x</p>", payload, assets, entry: "/e.js" };
  assert.is(renderDocument(parts), renderDocument({ ...parts }));
});

test("renderErrorDocument: status and title, the message only when given, escaped", () => {
  const withMessage = renderErrorDocument(500, "Internal Server Error", "<b>boom</b>");
  assert.match(withMessage, "<title>Internal Server Error</title>");
  assert.match(withMessage, "<h1>500 Internal Server Error</h1><pre>&lt;b&gt;boom&lt;/b&gt;</pre>");
  assert.not.match(renderErrorDocument(500, "Internal Server Error"), "<pre>");
});

test("props given as JSON are spliced into the payload, giving the same document", () => {
  const hostile: PagePayload = { ...payload, props: { text: "</script><!--\u2028", list: [1, "two"] } };
  const parts = { head: {}, body: "<p>x</p>", payload: hostile, assets, entry: "/e.js" };
  const spliced = renderDocument({ ...parts, propsJson: JSON.stringify(hostile.props) });
  const read = (html: string) => JSON.parse(payloadText(html)) as PagePayload;
  assert.equal(read(spliced), read(renderDocument(parts)));
  assert.equal(read(spliced).props, hostile.props);
});

test("a page's documents: the head its requests share, and a request's own head, each in its own document", () => {
  const sharedHead = { title: "Shared", htmlAttrs: { lang: "en" } };
  const render = createDocumentRenderer(assets, "/e.js", { ...payload, sharedHead });
  const document = (head: typeof sharedHead | { title: string }) => render({ head, body: "", payload: { ...payload, head }, propsJson: "{}" });
  const title = (html: string) => /<title>(.*)<\/title>/.exec(html)?.[1];
  assert.is(title(document(sharedHead)), "Shared");
  assert.is(title(document({ title: "Own" })), "Own");
  assert.not.match(document({ title: "Own" }), 'lang="en"');
  assert.is(document(sharedHead), renderDocument({ head: sharedHead, body: "", payload: { ...payload, head: sharedHead }, propsJson: "{}", assets, entry: "/e.js" }));
  assert.equal(JSON.parse(payloadText(document({ title: "Own" }))).head, { title: "Own" });
});

test("a shared head whose tags cannot be written fails the page's requests, not the making of its renderer", () => {
  const sharedHead = { htmlAttrs: { "on load": "x" } };
  const render = createDocumentRenderer(assets, "/e.js", { ...payload, sharedHead });
  const parts = { head: sharedHead, body: "", payload: { ...payload, head: sharedHead }, propsJson: "{}" };
  assert.throws(() => render(parts), /"on load" is not a valid HTML attribute name/);
  assert.throws(() => render(parts), /"on load" is not a valid HTML attribute name/);
});

test.run();
