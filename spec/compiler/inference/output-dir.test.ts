/** Static and spa output is copied aside into .sdk/static-output before sdk writes dist/. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { UserError, type Diagnostic } from "../../../compiler/diagnostics.ts";
import { stageStaticOutput } from "../../../compiler/inference/output-dir.ts";

const temps: string[] = [];

function tempApp(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "sdk-output-dir-"));
  temps.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

function stagingError(run: () => unknown): Diagnostic {
  try {
    run();
  } catch (cause) {
    assert.instance(cause, UserError);
    assert.is((cause as UserError).diagnostics.length, 1);
    return (cause as UserError).diagnostics[0];
  }
  return assert.unreachable("should throw") as never;
}

test.after(() => {
  for (const root of temps) rmSync(root, { recursive: true, force: true });
});

test("dist/ output is staged without an earlier build's dist/server and dist/client, and left in place", () => {
  const root = tempApp({
    "dist/index.html": "<h1>new</h1>",
    "dist/assets/app.js": "app()",
    "dist/docs/server/index.html": "a page about servers",
    "dist/server/index.mjs": "old server",
    "dist/client/index.html": "old client",
  });
  const staged = stageStaticOutput(root, "dist", { buildCommand: "npm run build" });
  assert.is(staged.stagedDir, path.join(root, ".sdk", "static-output"));
  assert.equal(staged.files, ["assets/app.js", "docs/server/index.html", "index.html"]);
  assert.is(readFileSync(path.join(staged.stagedDir, "index.html"), "utf8"), "<h1>new</h1>");
  assert.not.ok(existsSync(path.join(staged.stagedDir, "server")));
  assert.not.ok(existsSync(path.join(staged.stagedDir, "client")));
  assert.ok(existsSync(path.join(root, "dist", "index.html")), "the user's output stays where it was");
});

test("server/ and client/ are kept in any outputDir other than dist", () => {
  const root = tempApp({ "out/client/index.html": "c", "out/server/a.html": "s" });
  assert.equal(stageStaticOutput(root, "out").files, ["client/index.html", "server/a.html"]);
});

test("a second staging replaces the first copy entirely", () => {
  const root = tempApp({ "site/old.html": "old" });
  stageStaticOutput(root, "site");
  rmSync(path.join(root, "site", "old.html"));
  writeFileSync(path.join(root, "site", "new.html"), "new");
  const staged = stageStaticOutput(root, "site");
  assert.equal(staged.files, ["new.html"]);
  assert.not.ok(existsSync(path.join(staged.stagedDir, "old.html")));
  assert.not.ok(existsSync(`${staged.stagedDir}.partial`));
});

test("a missing output folder is SDK_OUTPUT_DIR_MISSING at inference.outputDir, naming the build command", () => {
  const root = tempApp({ "package.json": "{}" });
  const diagnostic = stagingError(() => stageStaticOutput(root, "build", { buildCommand: "npm run build" }));
  assert.is(diagnostic.code, "SDK_OUTPUT_DIR_MISSING");
  assert.is(diagnostic.configPath, "inference.outputDir");
  assert.match(diagnostic.message, /build\/ does not exist/);
  assert.match(diagnostic.message, /`npm run build`/);
  assert.ok(diagnostic.hint);
});

test("dist/ holding only an earlier sdk build is SDK_OUTPUT_DIR_EMPTY", () => {
  const root = tempApp({ "dist/server/index.mjs": "", "dist/client/index.html": "" });
  const diagnostic = stagingError(() => stageStaticOutput(root, "dist", { buildCommand: null }));
  assert.is(diagnostic.code, "SDK_OUTPUT_DIR_EMPTY");
  assert.is(diagnostic.configPath, "inference.outputDir");
  assert.match(diagnostic.message, /dist\/server\/ and dist\/client\/ from an earlier sdk build do not count/);
  assert.match(diagnostic.message, /no build command/);
  assert.not.ok(existsSync(path.join(root, ".sdk", "static-output")));
});

test("an empty output folder is SDK_OUTPUT_DIR_EMPTY", () => {
  const root = tempApp({});
  mkdirSync(path.join(root, "out", "nested"), { recursive: true });
  const diagnostic = stagingError(() => stageStaticOutput(root, "out", { buildCommand: "make" }));
  assert.is(diagnostic.code, "SDK_OUTPUT_DIR_EMPTY");
  assert.is(diagnostic.message, "The static output folder out/ holds no files after the build; it was to be written by the build command `make`.");
});

test("the project root, .sdk/ and node_modules/ are not output folders", () => {
  const root = tempApp({ "index.html": "", ".sdk/x/a.html": "", "node_modules/p/a.html": "" });
  for (const outputDir of [".", "./", ".sdk/x", "node_modules/p"]) {
    const diagnostic = stagingError(() => stageStaticOutput(root, outputDir));
    assert.is(diagnostic.code, "SDK_OUTPUT_DIR_INVALID", outputDir);
    assert.is(diagnostic.configPath, "inference.outputDir");
  }
});

test.run();
