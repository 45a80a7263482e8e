/**
 * Which `sdk` a new app's package.json asks for: the one this CLI was installed from, as the
 * project holding it recorded it. The registry's `sdk` is another package, so a caret range is
 * never written, and when nothing is recorded the exact version comes with a note.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { sdkDependency } from "../../../cli/init/sdk-dependency.ts";
import { SDK_VERSION } from "../../../cli/version.ts";
import { scratchDir } from "../../helpers/scratch.ts";

/** A project that installed sdk with `spec` in its package.json (or only in a lock file); returns sdk's folder there. */
function installedWith(files: Record<string, unknown>): { owner: string; installDir: string } {
  const owner = scratchDir("sdk-dependency");
  const installDir = path.join(owner, "node_modules", "sdk");
  mkdirSync(installDir, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(owner, file)), { recursive: true });
    writeFileSync(path.join(owner, file), typeof content === "string" ? content : JSON.stringify(content));
  }
  return { owner, installDir };
}

test("a tarball beside the installing project: re-pointed from the new app's folder", () => {
  const { owner, installDir } = installedWith({ "package.json": { dependencies: { sdk: "file:sdk-0.1.0.tgz" } }, "sdk-0.1.0.tgz": "" });
  const found = sdkDependency(path.join(owner, "my-app"), installDir);
  assert.is(found.spec, "file:../sdk-0.1.0.tgz");
  assert.is(found.source, path.join(owner, "package.json"));
  assert.is(found.note, undefined);
  assert.is(sdkDependency(path.join(owner, "apps", "deep", "one"), installDir).spec, "file:../../../sdk-0.1.0.tgz");
  assert.is(sdkDependency(owner, installDir).spec, "file:./sdk-0.1.0.tgz", "sdk init in the installing folder itself");
});

test("npx's cache: the tarball spec it recorded, relative to the cache folder, points at the same file", () => {
  const elsewhere = scratchDir("sdk-dependency-tarball");
  writeFileSync(path.join(elsewhere, "sdk-0.1.0.tgz"), "");
  const { owner, installDir } = installedWith({});
  writeFileSync(path.join(owner, "package.json"), JSON.stringify({ dependencies: { sdk: `file:${path.relative(owner, path.join(elsewhere, "sdk-0.1.0.tgz"))}` } }));
  const app = path.join(elsewhere, "my-app");
  assert.is(sdkDependency(app, installDir).spec, "file:../sdk-0.1.0.tgz");
});

test("git and tarball URLs and npm aliases are kept as they are", () => {
  for (const spec of ["git+https://github.com/someone/sdk.git#v0.1.0", "github:someone/sdk", "someone/sdk#main", "https://example.com/sdk-0.1.0.tgz", "npm:@someone/sdk@0.1.0"]) {
    const { owner, installDir } = installedWith({ "package.json": { devDependencies: { sdk: spec } } });
    assert.is(sdkDependency(path.join(owner, "app"), installDir).spec, spec, spec);
  }
});

test("from the registry (a range, a tag, a registry tarball in the lock file): this exact version, never a caret", () => {
  for (const spec of [`^${SDK_VERSION}`, "latest", SDK_VERSION]) {
    const { owner, installDir } = installedWith({ "package.json": { dependencies: { sdk: spec } } });
    assert.equal(sdkDependency(path.join(owner, "app"), installDir), { spec: SDK_VERSION, source: path.join(owner, "package.json") });
  }
  const lockOnly = installedWith({ "package.json": { workspaces: ["app"] }, "node_modules/.package-lock.json": { packages: { "node_modules/sdk": { resolved: `https://registry.npmjs.org/sdk/-/sdk-${SDK_VERSION}.tgz` } } } });
  assert.is(sdkDependency(path.join(lockOnly.owner, "app"), lockOnly.installDir).spec, SDK_VERSION);
});

test("only the lock file knows (a workspace member installed it): its resolved tarball is used", () => {
  const { owner, installDir } = installedWith({ "package.json": { workspaces: ["packages/*"] }, "package-lock.json": { packages: { "node_modules/sdk": { resolved: "file:vendor/sdk-0.1.0.tgz" } } }, "vendor/sdk-0.1.0.tgz": "" });
  assert.is(sdkDependency(path.join(owner, "packages", "web"), installDir).spec, "file:../../vendor/sdk-0.1.0.tgz");
});

test("nothing recorded (a global install, a checkout, a tarball since deleted): the exact version and a note", () => {
  const global = scratchDir("sdk-dependency-global");
  const checkout = scratchDir("sdk-dependency-checkout");
  const gone = installedWith({ "package.json": { dependencies: { sdk: "file:sdk-0.1.0.tgz" } } });
  for (const installDir of [path.join(global, "lib", "node_modules", "sdk"), checkout, gone.installDir]) {
    const found = sdkDependency(path.join(global, "app"), installDir);
    assert.is(found.spec, SDK_VERSION);
    assert.is(found.source, undefined);
    assert.match(found.note!, `asks the npm registry for sdk ${SDK_VERSION}`);
    assert.match(found.note!, "npm install <that tarball or URL>");
  }
});

test.run();
