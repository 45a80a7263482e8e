/**
 * `sdk init` as a user runs it: each template makes an app that builds and answers in workerd
 * (its dependencies come from the suite's installed folder, as `npm install` would give them);
 * a folder it would overwrite is refused; in an existing project it only adds what is missing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { supportedCompatibilityDate } from "miniflare";
import { initialCompatibilityDate } from "../../../cli/commands/init.ts";
import { STARTER_TEMPLATES } from "../../../emitters/init.ts";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import { expectSuccess, installedApps, runSdk } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

test("the compatibility date is today's, capped at the newest the local workerd runs", () => {
  assert.is(initialCompatibilityDate(new Date("2020-02-03T10:00:00Z")), "2020-02-03");
  assert.is(initialCompatibilityDate(new Date("2999-01-01T00:00:00Z")), supportedCompatibilityDate);
});

for (const template of STARTER_TEMPLATES) {
  test(`sdk init --template ${template}: the app builds for the edge and answers in sdk preview`, async () => {
    const parent = scratchDir(`init-${template}`, installedApps());
    expectSuccess(runSdk(["init", "my-app", "--template", template, "--root", parent]), `sdk init --template ${template}`);
    const root = path.join(parent, "my-app");
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    assert.equal(Object.keys(manifest.scripts), ["dev", "build", "preview", "deploy", "postinstall"]);
    assert.is(path.resolve(root, manifest.dependencies.sdk.replace(/^file:/, "")), process.env.SDK_TEST_TARBALL, "sdk from the tarball the suite installed, not the registry");
    assert.match(readFileSync(path.join(root, "sdk.config.ts"), "utf8"), `compatibility_date: "${initialCompatibilityDate(new Date())}"`);
    assert.is(readFileSync(path.join(root, ".gitignore"), "utf8"), "node_modules/\n.sdk/\ndist/\n.env\n");
    expectSuccess(runSdk(["prepare", "--root", root]), "sdk prepare (the postinstall script)");
    expectSuccess(runSdk(["build", "--root", root]), "sdk build");
    await withServer(() => startBuilt(root, "edge"), async (server) => {
      assert.equal(await (await fetch(`${server.url}/api/hello/ada`)).json(), { message: "Hello, ada!" });
      const home = await fetch(`${server.url}/`);
      assert.is(home.status, 200);
      if (template === "api") assert.equal(await home.json(), { app: "sdk", try: "/api/hello/world" });
      else {
        const html = await home.text();
        assert.match(html, "<h1>Welcome to sdk</h1>");
        assert.match(html, "<title>Welcome to sdk</title>", "the head from pages/index.server.ts");
      }
    });
  });
}

test("a folder holding a template file is refused, and nothing is written", () => {
  const root = scratchDir("init-taken");
  writeFileSync(path.join(root, "tsconfig.json"), "{}\n");
  const result = runSdk(["init", "--root", root]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "error SDK_INIT_EXISTS");
  assert.match(result.stderr, "tsconfig.json");
  assert.not.ok(existsSync(path.join(root, "sdk.config.ts")));
});

test("in an existing project: scripts, the dependency and .gitignore lines are added, theirs kept; --tsconfig keeps their base", () => {
  const root = scratchDir("init-existing");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "theirs", scripts: { build: "their-build" } }));
  writeFileSync(path.join(root, ".gitignore"), "node_modules\n");
  writeFileSync(path.join(root, "tsconfig.json"), '{\n  // their base\n  "extends": "@tsconfig/strictest/tsconfig.json",\n  "compilerOptions": { "noEmit": true }\n}\n');
  mkdirSync(path.join(root, "routes"));
  expectSuccess(runSdk(["init", "--tsconfig", "--root", root]), "sdk init --tsconfig");
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  assert.is(manifest.scripts.build, "their-build");
  assert.is(manifest.scripts.dev, "sdk dev");
  assert.is(path.resolve(root, manifest.dependencies.sdk.replace(/^file:/, "")), process.env.SDK_TEST_TARBALL);
  assert.is(readFileSync(path.join(root, ".gitignore"), "utf8"), "node_modules\n.sdk/\ndist/\n.env\n");
  const tsconfig = JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8"));
  assert.equal(tsconfig.extends, ["@tsconfig/strictest/tsconfig.json", "./.sdk/tsconfig.json"]);
  assert.equal(tsconfig.compilerOptions, { noEmit: true });
  assert.match(readFileSync(path.join(root, ".sdk", "config-migration", "tsconfig.json"), "utf8"), "// their base");
  assert.ok(existsSync(path.join(root, "sdk.config.ts")));
  expectSuccess(runSdk(["init", "--tsconfig", "--root", root]), "sdk init again");
  assert.equal(JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8")).extends, tsconfig.extends, "idempotent");
});

test("in an existing project with an sdk.config.ts, the date printed is the one it has, and a wrangler file left is named", () => {
  const root = scratchDir("init-existing-config");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "theirs" }));
  writeFileSync(path.join(root, "sdk.config.ts"), 'import { defineConfig } from "sdk/config";\nexport default defineConfig({ worker: { compatibility_date: "2024-01-02" } });\n');
  writeFileSync(path.join(root, "wrangler.toml"), 'name = "left"\n');
  mkdirSync(path.join(root, "routes"));
  const result = expectSuccess(runSdk(["init", "--root", root]), "sdk init");
  assert.match(result.stdout, "worker.compatibility_date 2024-01-02 (as sdk.config.ts has it)");
  assert.match(result.stdout, "wrangler.toml not converted (SDK_CONFIG_NOT_CONVERTED): sdk.config.ts exists already");
});

test("--template in a folder with a package.json is refused, naming both ways on, and nothing is changed", () => {
  const root = scratchDir("init-template-existing");
  const theirs = JSON.stringify({ name: "theirs" });
  writeFileSync(path.join(root, "package.json"), theirs);
  const result = runSdk(["init", "--template", "react", "--root", root]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "error SDK_INIT_TEMPLATE_EXISTING");
  assert.match(result.stderr, "sdk init <new folder> --template react");
  assert.match(result.stderr, "`sdk init` without --template");
  assert.is(readFileSync(path.join(root, "package.json"), "utf8"), theirs);
  assert.not.ok(existsSync(path.join(root, "sdk.config.ts")));
});

test("an unknown template is a coded error naming the five", () => {
  const result = runSdk(["init", "x", "--template", "angular", "--root", scratchDir("init-bad")]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "error SDK_INIT_TEMPLATE");
  assert.match(result.stderr, "api, react, vue, svelte, solid");
});

test.run();
