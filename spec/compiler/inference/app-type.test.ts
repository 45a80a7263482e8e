/** inference.appType: explicit config wins; else framework dependency, conventions, static output, build tooling. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { detectAppType } from "../../../compiler/inference/app-type.ts";
import { defaultBuildCommand, detectPackageManager } from "../../../compiler/inference/default-build.ts";
import { UserError } from "../../../compiler/diagnostics.ts";
import { FIXTURES } from "../../helpers/scan-ir.ts";

const fixture = (name: string) => path.join(FIXTURES, name);
const temps: string[] = [];

/** A throwaway app, for output in dist/ (which git ignores, so it cannot be a checked-in fixture). */
function tempApp(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "sdk-infer-"));
  temps.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

test.after(() => {
  for (const root of temps) rmSync(root, { recursive: true, force: true });
});

test("routes/ at the root makes an sdk app", () => {
  assert.equal(detectAppType(fixture("infer-routes"), {}), { appType: "sdk", reason: "routes/ exists" });
});

test("pages/ under sourceDir makes an sdk app, named with its sourceDir", () => {
  assert.equal(detectAppType(fixture("infer-sourcedir"), { sourceDir: "app" }), { appType: "sdk", reason: "app/pages/ exists" });
});

test("a convention under sourceDir is not seen without sourceDir", () => {
  assert.is(detectAppType(fixture("infer-sourcedir"), {}).appType, "sdk");
  assert.is(detectAppType(fixture("infer-sourcedir"), {}).reason, "no convention folder, framework dependency or static output was found");
});

test("an astro dependency makes a framework app", () => {
  assert.equal(detectAppType(fixture("infer-astro"), {}), { appType: "framework", reason: "package.json depends on astro" });
});

test("a next dependency wins over its own pages/ folder", () => {
  assert.equal(detectAppType(fixture("infer-next-pages"), {}), { appType: "framework", reason: "package.json depends on next" });
});

test("a single index.html in the output folder makes a spa", () => {
  assert.equal(detectAppType(fixture("infer-spa-output"), { inference: { outputDir: "site" } }), {
    appType: "spa",
    reason: "site/ holds a single index.html (a client-routed app)",
  });
});

test("several HTML files in the output folder make a static app", () => {
  assert.equal(detectAppType(fixture("infer-static-output"), { inference: { outputDir: "site" } }), { appType: "static", reason: "site/ holds 3 HTML files" });
});

test("dist/ is the default output folder; an earlier sdk build's server/ and client/ are not counted", () => {
  const root = tempApp({
    "dist/index.html": "<div id=app></div>",
    "dist/assets/app.js": "",
    "dist/client/about.html": "old",
    "dist/server/index.mjs": "",
  });
  assert.equal(detectAppType(root, {}), { appType: "spa", reason: "dist/ holds a single index.html (a client-routed app)" });
});

test("only dist/server and dist/client from an earlier build is not static output", () => {
  const root = tempApp({ "dist/client/index.html": "", "dist/server/index.mjs": "" });
  assert.is(detectAppType(root, {}).appType, "sdk");
});

test("a build script with vite and no output yet makes a spa", () => {
  assert.equal(detectAppType(fixture("infer-vite"), {}), { appType: "spa", reason: "package.json has a build script and depends on vite" });
});

test("a static site generator makes a static app", () => {
  const root = tempApp({ "package.json": JSON.stringify({ scripts: { build: "eleventy" }, devDependencies: { "@11ty/eleventy": "3" } }) });
  assert.equal(detectAppType(root, {}), { appType: "static", reason: "package.json depends on @11ty/eleventy, a static site generator" });
});

test("plain public/*.html with no build makes a static app", () => {
  assert.equal(detectAppType(fixture("infer-public-html"), {}), { appType: "static", reason: "public/ holds HTML (about.html) and there is no build" });
});

test("nothing to go on defaults to sdk", () => {
  assert.is(detectAppType(fixture("infer-empty"), {}).appType, "sdk");
});

test("inference.appType wins over every signal", () => {
  assert.equal(detectAppType(fixture("infer-routes"), { inference: { appType: "spa" } }), { appType: "spa", reason: "inference.appType is set" });
  assert.equal(detectAppType(fixture("infer-astro"), { inference: { appType: "static" } }).appType, "static");
});

test("invalid package.json is a located user error", () => {
  const root = tempApp({ "package.json": "{ nope" });
  try {
    detectAppType(root, {});
    assert.unreachable("should throw");
  } catch (cause) {
    assert.instance(cause, UserError);
    assert.is((cause as UserError).diagnostics[0].code, "SDK_JSON_INVALID");
    assert.is((cause as UserError).diagnostics[0].file, "package.json");
  }
});

test("default build: inference.build wins for every app type", () => {
  assert.is(defaultBuildCommand(fixture("infer-routes"), "sdk", { inference: { build: "make site" } }), "make site");
  assert.is(defaultBuildCommand(fixture("infer-vite"), "spa", { inference: { build: "tsc && vite build" } }), "tsc && vite build");
});

test("default build: the package.json build script through the package manager in use", () => {
  assert.is(defaultBuildCommand(fixture("infer-vite"), "spa", {}), "yarn run build");
  assert.is(defaultBuildCommand(fixture("infer-next-pages"), "framework", {}), "pnpm run build");
  assert.is(defaultBuildCommand(fixture("infer-astro"), "framework", {}), "npm run build");
  const bun = tempApp({ "package.json": JSON.stringify({ scripts: { build: "x" } }), "bun.lockb": "" });
  assert.is(defaultBuildCommand(bun, "static", {}), "bun run build");
  const declared = tempApp({ "package.json": JSON.stringify({ packageManager: "pnpm@9.1.0" }) });
  assert.is(detectPackageManager(declared), "pnpm");
});

test("default build: none for sdk apps, without a build script, or when the script runs sdk build", () => {
  assert.is(defaultBuildCommand(fixture("infer-vite"), "sdk", {}), null);
  assert.is(defaultBuildCommand(fixture("infer-public-html"), "static", {}), null);
  assert.is(defaultBuildCommand(fixture("infer-routes"), "spa", {}), null);
  const chained = tempApp({ "package.json": JSON.stringify({ scripts: { build: "vite build && npx sdk build --target node" } }) });
  assert.is(defaultBuildCommand(chained, "spa", {}), null);
  const lookalike = tempApp({ "package.json": JSON.stringify({ scripts: { build: "mysdk build" } }) });
  assert.is(defaultBuildCommand(lookalike, "spa", {}), "npm run build");
});

test.run();
