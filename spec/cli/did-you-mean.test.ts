/**
 * A mistyped command or option stops with exit 1 and the name that was probably meant; nothing
 * runs with the typo silently dropped. Valid spellings, `--flag=value` included, still run.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { closest, firstUnknownFlag, flagsOf } from "../../cli/did-you-mean.ts";
import { copyFixture, expectSuccess, runSdk } from "../helpers/sdk-cli.ts";

test("closest: a swap, a missing or an extra letter is near enough; an unrelated word is not", () => {
  const commands = ["init", "migrate", "dev", "build", "preview", "prepare", "inspect", "eject", "db", "gen", "deploy"];
  assert.is(closest("biuld", commands), "build");
  assert.is(closest("deply", commands), "deploy");
  assert.is(closest("prevew", commands), "preview");
  assert.is(closest("dve", commands), "dev");
  assert.is(closest("serve", commands), undefined);
  assert.is(closest("--tagret", ["--target", "--mode", "--root"]), "--target");
});

test("flagsOf and firstUnknownFlag read cac's option names, stop at `--`, and ignore values", () => {
  assert.equal(flagsOf("-h, --help"), ["-h", "--help"]);
  assert.equal(flagsOf("--port <port>"), ["--port"]);
  assert.equal(flagsOf("--host [host]"), ["--host"]);
  const known = ["--root", "--target", "--json"];
  assert.is(firstUnknownFlag(["build", "--target", "node", "--root=app"], known), undefined);
  assert.is(firstUnknownFlag(["build", "--tagret", "node"], known), "--tagret");
  assert.is(firstUnknownFlag(["build", "--tagret=node"], known), "--tagret");
  assert.is(firstUnknownFlag(["gen", "model", "--", "--anything"], known), undefined);
});

test("sdk biuld: exit 1 with `Did you mean sdk build?`", () => {
  const result = runSdk(["biuld"]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "Unknown command `biuld`. Did you mean `sdk build`?");
});

test("sdk build --tagret node: exit 1 with `Did you mean --target?`, and nothing is built", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const result = runSdk(["build", "--tagret", "node", "--root", root]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "Unknown option `--tagret` for `sdk build`. Did you mean `--target`?");
  assert.not.ok(existsSync(path.join(root, "dist")));
});

test("an option of another command is unknown to this one, with no far-fetched suggestion", () => {
  const result = runSdk(["preview", "--target", "node", "--root", copyFixture("fixtures", "e2e-api")]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "Unknown option `--target` for `sdk preview`.");
  assert.not.match(result.stderr, "Did you mean");
});

test("valid spellings still run: --flag=value, global options, -v", () => {
  const root = copyFixture("fixtures", "e2e-api");
  expectSuccess(runSdk(["build", "--target=node", `--root=${root}`, "--json"]), "sdk build --target=node --root=... --json");
  assert.ok(existsSync(path.join(root, "dist", "server", "index.mjs")));
  assert.match(expectSuccess(runSdk(["-v"]), "sdk -v").stdout, /^sdk\/\d/);
  assert.match(expectSuccess(runSdk(["build", "--help"]), "sdk build --help").stdout, "--target");
});

test.run();
