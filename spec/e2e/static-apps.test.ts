/**
 * `inference`: static and spa apps built by their own build command, their output served on
 * every target with the contract's not-found behaviour; a failing command stops the build with
 * its exit code.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "../helpers/e2e/http.js";
import { ALL_TARGETS, buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.js";
import { copyFixture, runSdk } from "../helpers/sdk-cli.js";

async function expectPage(baseUrl: string, urlPath: string, status: number, text: string): Promise<void> {
  const res = await request(baseUrl, { path: urlPath });
  assert.is(res.status, status, `${urlPath}: ${res.status} ${res.body}`);
  assert.match(res.body, text, urlPath);
}

for (const target of ALL_TARGETS) {
  test(`${target}: spa app: its build output is served, non-file paths get index.html with 200`, async () => {
    const root = buildFixture("e2e-spa", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      await expectPage(server.url, "/", 200, "spa shell");
      await expectPage(server.url, "/assets/app.js", 200, "client router");
      await expectPage(server.url, "/settings/profile", 200, "spa shell");
    });
  });

  test(`${target}: static app: pages by path, a non-matching path gets 404.html with 404`, async () => {
    const root = buildFixture("e2e-static", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      await expectPage(server.url, "/", 200, "static home");
      await expectPage(server.url, "/about", 200, "about us");
      await expectPage(server.url, "/blog/", 200, "blog index");
      await expectPage(server.url, "/no/such/page", 404, "static 404");
    });
  });
}

test("a failing build command stops the build with its own exit code and output", () => {
  const root = copyFixture("fixtures", "e2e-static");
  writeFileSync(path.join(root, "build.mjs"), 'console.error("generator exploded"); process.exit(3);\n');
  const result = runSdk(["build", "--root", root, "--target", "node"]);
  assert.is(result.code, 3);
  assert.match(result.stderr, "generator exploded");
  assert.match(result.stderr, /error SDK_BUILD_COMMAND_FAILED config inference\.build: The build command `node build\.mjs` exited with code 3/);
});

test.run();
