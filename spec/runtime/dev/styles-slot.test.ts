import { test } from "uvu";
import * as assert from "uvu/assert";
import { devStylesSlot, findDevStylesSlot } from "../../../runtime/dev/styles-slot.ts";

test("a slot names its page, whatever characters the id has", () => {
  for (const id of ["pages/index.tsx", "pages/[slug]/page.vue", "pages/a-->b.svelte", "pages/ü 100%.md"]) {
    const html = `<head><title>x</title>${devStylesSlot(id)}</head>`;
    const slot = findDevStylesSlot(html);
    assert.is(slot?.pageId, id);
    assert.is(html.slice(slot!.start, slot!.end), devStylesSlot(id));
  }
});

test("the first slot is the one found", () => {
  const html = `${devStylesSlot("pages/a.tsx")}${devStylesSlot("pages/b.tsx")}`;
  assert.is(findDevStylesSlot(html)?.pageId, "pages/a.tsx");
});

test("no slot, an unclosed one or a malformed id: none found", () => {
  assert.is(findDevStylesSlot("<head></head>"), undefined);
  assert.is(findDevStylesSlot("<head><!--sdk-dev-styles:pages%2Findex.tsx"), undefined);
  assert.is(findDevStylesSlot("<!--sdk-dev-styles:%E0%A4%A-->"), undefined);
});

test.run();
