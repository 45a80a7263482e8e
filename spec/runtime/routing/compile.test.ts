/**
 * The TTLs compiled from `routing`: a path the running app prerenders (`prerendered`, exact paths
 * only) is kept for as long as the store keeps anything, unless a `revalidate` rule gives it its
 * own TTL; `isr: false` turns both off, and nothing else is cached because of them.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileRouting, PRERENDERED_TTL_SECONDS } from "../../../runtime/routing/compile.ts";

test("a prerendered path is cached until the next build; its neighbours are not", () => {
  const routing = compileRouting({ notFound: "none", isr: true, prerendered: ["/who", "/who/__data.json"] });
  assert.ok(routing.isr, "the ISR layer is on for prerendered paths alone");
  assert.not.ok(routing.passThrough);
  assert.is(routing.ttlFor("/who"), PRERENDERED_TTL_SECONDS);
  assert.is(routing.ttlFor("/who/__data.json"), PRERENDERED_TTL_SECONDS);
  for (const other of ["/who/", "/who/x", "/whom", "/WHO"]) assert.is(routing.ttlFor(other), undefined, other);
});

test("a revalidate rule gives a prerendered path its own TTL", () => {
  const routing = compileRouting({ notFound: "none", isr: true, prerendered: ["/who"], revalidate: { "*": 60 } });
  assert.is(routing.ttlFor("/who"), 60);
});

test("isr: false prerenders nothing at run time", () => {
  const routing = compileRouting({ notFound: "none", isr: false, prerendered: ["/who"] });
  assert.not.ok(routing.isr);
  assert.is(routing.ttlFor("/who"), undefined);
});

test.run();
