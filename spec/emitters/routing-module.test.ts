/** The emitted routing module: what build time resolves, and the check the server runs at start. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { deferPrerender, inferNotFound, replaceAssets, resolveRouting } from "../../compiler/routing/resolve.ts";
import { emitRoutingModules } from "../../emitters/routing-module.ts";
import { checkRouting, type Validator } from "../../runtime/routing/check.ts";
import { irWith } from "../helpers/scan-ir.ts";
import { scratchDir } from "../helpers/scratch.ts";

const asset = (urlPath: string) => ({ path: urlPath, file: `public${urlPath}`, size: 1, type: "text/html", etag: '"x"' });

test("notFound: configured value, then spa, static, a public/404.html, else none", () => {
  assert.is(inferNotFound(irWith({ config: { routing: { notFound: "none" } }, appType: "spa" })).value, "none");
  assert.is(inferNotFound(irWith({ appType: "spa" })).value, "single-page-application");
  assert.is(inferNotFound(irWith({ appType: "static" })).value, "404-page");
  assert.is(inferNotFound(irWith({ assets: [asset("/404.html")] })).value, "404-page");
  assert.is(inferNotFound(irWith({ assets: [asset("/docs/404.html")] })).value, "none", "only a root 404.html implies the policy");
  assert.is(inferNotFound(irWith({})).value, "none");
});

test("resolveRouting drops prerender, defaults isr, lists every 404 page", () => {
  const ir = irWith({
    config: { routing: { prerender: ["/a"], redirects: { "/x": "/y" } } },
    assets: [asset("/404.html"), asset("/docs/404.html"), asset("/index.html")],
  });
  assert.equal(resolveRouting(ir), {
    runtime: { redirects: { "/x": "/y" }, notFound: "404-page", isr: true, notFoundPages: ["/404.html", "/docs/404.html"] },
    notFoundReason: "public/404.html exists",
    layer: true,
    isr: false,
  });
});

test("the IR's routing follows its assets: a prerendered 404 page turns the not-found policy on", () => {
  const ir = irWith({});
  assert.equal([ir.routing.runtime.notFound, ir.routing.layer], ["none", false]);
  replaceAssets(ir, [asset("/404.html")]);
  assert.equal([ir.routing.runtime.notFound, ir.routing.layer, ir.assets.length], ["404-page", true, 1]);
});

test("an app without rules ships no validator; one with rules ships a checked module", () => {
  assert.equal(emitRoutingModules(irWith({})).map((f) => f.path), ["routing.ts"]);
  const files = emitRoutingModules(irWith({ config: { routing: { headers: { "/*": ["X-A: 1"] } } } }));
  assert.equal(files.map((f) => f.path), ["routing.ts", "routing-schema.js"]);
  assert.match(files[0]!.content, "checkRouting(");
});

test("the emitted validator accepts what the build wrote and rejects an edited copy, naming the value", async () => {
  const [, schema] = emitRoutingModules(irWith({ config: { routing: { redirects: { "/x": "/y" } } } }));
  const dir = scratchDir("routing-check");
  writeFileSync(path.join(dir, "routing-schema.mjs"), schema!.content);
  const validate = (await import(pathToFileURL(path.join(dir, "routing-schema.mjs")).href)).default as Validator;
  const good = { redirects: { "/x": "/y" }, notFound: "none", isr: true };
  assert.equal(checkRouting(good, validate), good);
  assert.throws(
    () => checkRouting({ redirects: { "/x": { to: "/y", status: 305 } }, notFound: "none", isr: true }, validate),
    /routing\.redirects\["\/x"\]\.status must be equal to one of the allowed values/,
  );
  assert.throws(() => checkRouting({ notFound: "sometimes", isr: true }, validate), /routing\.notFound/);
  // A build that left no paths to the running app embeds no check of the list: an edited copy that adds one is refused by name.
  assert.not.match(schema!.content, "prerendered");
  assert.throws(() => checkRouting({ notFound: "none", isr: true, prerendered: ["/who"] }, validate), /routing\.prerendered is not a field of this build's routing config/);
  assert.throws(() => checkRouting({ redirects: { "/x": { to: "/y", code: 301 } }, notFound: "none", isr: true }, validate), /routing\.redirects\["\/x"\]\.code is not a field/);
});

test("paths left to the running app join the routing as prerendered, which turns the layer and ISR on", async () => {
  const ir = irWith({ config: { routing: { prerender: ["/count"] } } });
  assert.equal([ir.routing.layer, ir.routing.isr], [false, false]);
  deferPrerender(ir, ["/count", "/who", "/who/__data.json"]);
  assert.equal(ir.deferredPrerender, ["/count", "/who", "/who/__data.json"]);
  assert.equal(ir.routing.runtime.prerendered, ["/count", "/who", "/who/__data.json"]);
  assert.equal([ir.routing.layer, ir.routing.isr], [true, true]);
  const [module, schema] = emitRoutingModules(ir);
  assert.match(module!.content, '"prerendered": [');
  const dir = scratchDir("routing-prerendered");
  writeFileSync(path.join(dir, "routing-schema.mjs"), schema!.content);
  const validate = (await import(pathToFileURL(path.join(dir, "routing-schema.mjs")).href)).default as Validator;
  assert.equal(checkRouting(ir.routing.runtime, validate), ir.routing.runtime);
  assert.throws(() => checkRouting({ ...ir.routing.runtime, prerendered: ["who"] }, validate), /routing\.prerendered\[0\] must match pattern/);
  replaceAssets(ir, []);
  assert.equal(ir.routing.runtime.prerendered, ["/count", "/who", "/who/__data.json"], "kept when the assets change");
});

test("isr: false leaves nothing prerendered at run time", () => {
  const ir = irWith({ config: { routing: { isr: false } } });
  deferPrerender(ir, ["/who"]);
  assert.is(ir.routing.isr, false);
});

test.run();
