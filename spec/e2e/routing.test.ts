/**
 * End to end for `routing`: the fixture with every field set, and the 404-page fixture, built for
 * every target and held to one list of assertions, including ISR's HIT/MISS/STALE sequence.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkIsrSequence, notFoundPageCases, routingCases } from "../helpers/e2e/routing-assertions.js";
import { runCases } from "../helpers/e2e/assertions.js";
import { ALL_TARGETS, buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.js";

for (const target of ALL_TARGETS) {
  test(`${target}: headers, redirects, rewrites, fallbacks, SPA, prerender and ISR`, async () => {
    const root = buildFixture("e2e-routing", target);
    assert.ok(existsSync(path.join(root, "dist", "client", "api", "page.html")), "prerendered into dist/client");
    await withServer(() => startBuilt(root, target), async (server) => {
      const failures = await runCases(server.url, routingCases(server.url));
      assert.equal(failures, [], failures.join("\n"));
      await checkIsrSequence(server.url);
    });
  });

  test(`${target}: 404-page answers with the nearest 404.html; isr: false caches nothing`, async () => {
    const root = buildFixture("e2e-notfound-page", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      const failures = await runCases(server.url, notFoundPageCases);
      assert.equal(failures, [], failures.join("\n"));
    });
  });
}

test.run();
