/**
 * `sdk eject --target node` writes a plain project; it installs from the registry, builds with
 * its own Rollup config and answers the same assertions as `sdk build` output.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertEveryCase } from "./e2e/assertions.js";
import { startBuilt, withServer } from "./e2e/targets.js";
import { copyFixture, expectSuccess, runSdk } from "./helpers/sdk-cli.js";

function npm(cwd: string, args: string[]): void {
  const result = spawnSync("npm", args, { cwd, encoding: "utf8", timeout: 300_000 });
  assert.is(result.status, 0, `npm ${args.join(" ")} failed\n${result.stdout}\n${result.stderr}`);
}

test("the ejected node app installs, builds without sdk and answers every assertion", async () => {
  const root = copyFixture("fixtures", "e2e-api");
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "sdk-ejected-")), "app");
  expectSuccess(runSdk(["eject", "--root", root, "--target", "node", "--out", out]), "sdk eject");
  npm(out, ["install", "--no-audit", "--no-fund"]);
  npm(out, ["run", "build"]);
  await withServer(() => startBuilt(out, "node"), (server) => assertEveryCase(server.url));
});

test("eject refuses a folder that is not empty", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const result = runSdk(["eject", "--root", root, "--target", "node", "--out", root]);
  assert.is(result.code, 1);
  assert.match(result.stderr, /error SDK_EJECT_OUT: .* is not empty/);
});

test("an ejected edge app brings wrangler, which its start script runs", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "sdk-ejected-")), "app");
  expectSuccess(runSdk(["eject", "--root", root, "--target", "edge", "--out", out]), "sdk eject --target edge");
  const pkg = JSON.parse(readFileSync(path.join(out, "package.json"), "utf8"));
  assert.is(pkg.scripts.start, "wrangler dev -c dist/server/wrangler.json");
  assert.ok(pkg.devDependencies.wrangler, "wrangler is a devDependency");
  assert.ok(existsSync(path.join(out, "server", "wrangler.json")));
});

test.run();
