import { test } from "uvu";
import * as assert from "uvu/assert";
import { mergeHead, renderAttributes, renderHead } from "../../../runtime/pages/head.ts";

test("title: the later source wins", () => {
  assert.is(mergeHead({ title: "Site" }, { title: "Section" }, { title: "Page" }).title, "Page");
  assert.is(mergeHead({ title: "Site" }, undefined, {}).title, "Site");
});

test("titleTemplate: the later template wins and is applied to the final title", () => {
  const head = mergeHead({ title: "Home", titleTemplate: "%s | Site" }, { titleTemplate: "%s · Admin" }, { title: "Users" });
  assert.is(head.title, "Users · Admin");
  assert.not.ok("titleTemplate" in head);
});

test("titleTemplate: every %s is replaced, and $ patterns in the title are plain text", () => {
  assert.is(mergeHead({ titleTemplate: "%s - %s" }, { title: "A $& B" }).title, "A $& B - A $& B");
});

test("titleTemplate: no title means no template and no title", () => {
  assert.equal(mergeHead({ titleTemplate: "%s | Site" }), {});
});

test("meta: de-duplicated by name, then property, then http-equiv, then charset; the later source wins", () => {
  const head = mergeHead(
    {
      meta: [
        { name: "description", content: "site" },
        { property: "og:title", content: "site" },
        { "http-equiv": "refresh", content: "30" },
        { charset: "latin1" },
        { name: "robots", content: "index" },
      ],
    },
    {
      meta: [
        { name: "description", content: "page" },
        { property: "og:title", content: "page" },
        { "http-equiv": "refresh", content: "60" },
        { charset: "utf-8" },
      ],
    },
  );
  assert.equal(head.meta, [
    { name: "robots", content: "index" },
    { name: "description", content: "page" },
    { property: "og:title", content: "page" },
    { "http-equiv": "refresh", content: "60" },
    { charset: "utf-8" },
  ]);
});

test("meta: name wins over property as the key, so the same word under both is two tags", () => {
  const head = mergeHead({ meta: [{ name: "title", content: "a" }] }, { meta: [{ property: "title", content: "b" }] });
  assert.is(head.meta?.length, 2);
});

test("meta: a later source replaces every earlier tag with the key; one source's repeats stay", () => {
  const head = mergeHead(
    { meta: [{ property: "og:image", content: "/a.png" }, { property: "og:image", content: "/b.png" }] },
    { meta: [{ property: "og:image", content: "/c.png" }, { property: "og:image", content: "/d.png" }] },
  );
  assert.equal(head.meta, [
    { property: "og:image", content: "/c.png" },
    { property: "og:image", content: "/d.png" },
  ]);
});

test("meta: tags without a key are all kept", () => {
  const head = mergeHead({ meta: [{ itemprop: "name", content: "a" }] }, { meta: [{ itemprop: "name", content: "b" }] });
  assert.is(head.meta?.length, 2);
});

test("link and script: concatenated in source order", () => {
  const head = mergeHead(
    { link: [{ rel: "icon", href: "/favicon.ico" }], script: [{ src: "/a.js" }] },
    { link: [{ rel: "preconnect", href: "https://cdn" }] },
    { link: [{ rel: "icon", href: "/page.ico" }], script: [{ src: "/b.js" }] },
  );
  assert.equal(head.link?.map((l) => l.href), ["/favicon.ico", "https://cdn", "/page.ico"]);
  assert.equal(head.script?.map((s) => s.src), ["/a.js", "/b.js"]);
});

test("htmlAttrs and bodyAttrs: shallow-merged, the later source wins", () => {
  const head = mergeHead({ htmlAttrs: { lang: "en", class: "a" }, bodyAttrs: { class: "x" } }, { htmlAttrs: { lang: "fr" } }, { bodyAttrs: { id: "y" } });
  assert.equal(head.htmlAttrs, { lang: "fr", class: "a" });
  assert.equal(head.bodyAttrs, { class: "x", id: "y" });
});

test("empty fields are left out and the sources are not modified", () => {
  const config = { meta: [{ name: "a", content: "1" }], link: [] };
  const frozen = JSON.stringify(config);
  assert.equal(mergeHead(config, { meta: [{ name: "a", content: "2" }] }), { meta: [{ name: "a", content: "2" }] });
  assert.is(JSON.stringify(config), frozen);
  assert.equal(mergeHead(), {});
});

test("renderHead: title, meta, link and script, marked for the router", () => {
  const html = renderHead({
    title: "Hi",
    meta: [{ name: "description", content: "d" }],
    link: [{ rel: "icon", href: "/i.png" }],
    script: [{ src: "/s.js", defer: "" }],
  });
  assert.is(
    html,
    '<title>Hi</title><meta name="description" content="d" data-sdk-head><link rel="icon" href="/i.png" data-sdk-head>' +
      '<script src="/s.js" defer="" data-sdk-head></script>',
  );
});

test("renderHead: text and attribute values are HTML-escaped", () => {
  const html = renderHead({ title: `</title><script>x</script>`, meta: [{ name: "description", content: `"><script>&'` }] });
  assert.is(
    html,
    "<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>" +
      '<meta name="description" content="&quot;&gt;&lt;script&gt;&amp;&#39;" data-sdk-head>',
  );
});

test("renderHead: inline script text cannot close its element or open a comment", () => {
  const children = `{"a":"</script><script>alert(1)</script>","b":"</SCRIPT","c":"<!--"}`;
  const html = renderHead({ script: [{ type: "application/ld+json", children }] });
  assert.is(html.indexOf("</script>"), html.length - "</script>".length);
  assert.not.match(html, /<!--/);
  const text = html.slice(html.indexOf(">") + 1, -"</script>".length);
  assert.equal(JSON.parse(text), JSON.parse(children), "JSON-LD stays valid JSON");
});

test("renderHead: an attribute name that could end the tag is refused", () => {
  assert.throws(() => renderHead({ meta: [{ 'x"><script>': "1" }] }), /not a valid HTML attribute name/);
  assert.throws(() => renderAttributes({ "a b": "1" }), /not a valid HTML attribute name/);
});

test("renderAttributes: each attribute with its leading space, escaped, in order", () => {
  assert.is(renderAttributes({ lang: "en", "data-x": `a"b` }), ' lang="en" data-x="a&quot;b"');
  assert.is(renderAttributes(undefined), "");
  assert.is(renderAttributes({}), "");
});

test.run();
