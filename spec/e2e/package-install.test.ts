/**
 * The package as users install it: the packed tarball holds compiled JavaScript with types for
 * every `exports` entry and nothing of the repository's own, its modules import in plain Node,
 * and an app type-checks against it with plain `tsc`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, installedApps, runSdk } from "../helpers/sdk-cli.ts";

const installed = path.join(installedApps(), "node_modules", "sdk");
const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
  bin: Record<string, string>;
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(installed, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

function tsc(cwd: string): { code: number; output: string } {
  const result = spawnSync(process.execPath, [path.join(installedApps(), "node_modules", "typescript", "bin", "tsc"), "-p", ".", "--noEmit", "--pretty", "false"], { cwd, encoding: "utf8" });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

test("every exports entry is shipped JavaScript with its .d.ts", () => {
  for (const [subpath, entry] of Object.entries(manifest.exports)) {
    if (typeof entry === "string") {
      assert.ok(existsSync(path.join(installed, entry)), `${subpath} -> ${entry}`);
      continue;
    }
    const expand = (pattern: string) => (pattern.includes("*") ? pattern.replace("*", "index") : pattern);
    for (const file of [expand(entry.default), expand(entry.types)]) assert.ok(existsSync(path.join(installed, file)), `${subpath} -> ${file}`);
  }
  for (const js of filesUnder(path.join(installed, "lib", "runtime")).filter((file) => file.endsWith(".js"))) {
    assert.ok(existsSync(path.join(installed, js.replace(/\.js$/, ".d.ts"))), `${js} has types`);
  }
  assert.ok(existsSync(path.join(installed, manifest.bin.sdk!)), "the sdk bin");
});

test("the tarball carries no tests, snapshots, CI files or TypeScript outside runtime/, sdk init's starter apps and the Vue SFC compiler sdk eject carries", () => {
  const files = filesUnder(installed);
  const stray = files.filter((file) => /^(spec|snapshots|scripts|examples|\.ci)\//.test(file) || file.endsWith(".map"));
  assert.equal(stray, []);
  const typescript = files.filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts") && !file.startsWith("runtime/") && !file.startsWith("emitters/templates/init/") && !/^compiler\/(ui\/vue-[\w-]+|scan\/mime)\.ts$/.test(file));
  assert.equal(typescript, [], "TypeScript sources ship only for `sdk eject` and `sdk init`");
});

test("the tarball carries the MIT LICENSE its package.json names", () => {
  assert.is((manifest as unknown as { license: string }).license, "MIT");
  const license = readFileSync(path.join(installed, "LICENSE"), "utf8");
  assert.match(license, /^MIT License\n\nCopyright \(c\) \d{4} the sdk authors\n/);
  assert.match(license, "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND");
});

test("the public modules import in plain Node from an app", () => {
  const script = 'const m = await Promise.all(["sdk", "sdk/config", "sdk/plugin", "sdk/react", "sdk/client", "sdk/runtime/app"].map((s) => import(s)));'
    + 'console.log(typeof m[0].defineHandler, typeof m[1].defineConfig, typeof m[2].sdkPlugin, typeof m[3].Link, typeof m[4].fetch, typeof m[5].createApp);';
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: installedApps(), encoding: "utf8" });
  assert.is(result.stderr, "");
  assert.is(result.stdout.trim(), "function function function function function function");
});

test("an app type-checks against the installed package with plain tsc, and a wrong config value does not", () => {
  const root = copyFixture("fixtures", "e2e-api");
  expectSuccess(runSdk(["prepare", "--root", root]), "sdk prepare");
  writeFileSync(path.join(root, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json" }\n');
  writeFileSync(path.join(root, "routes", "api", "typed.ts"), [
    'import { defineHandler, type Context } from "sdk";',
    "const greet = (c: Context): string => `hi ${c.req.param(\"name\") ?? \"you\"} from ${c.req.path}`;",
    "export const GET = defineHandler((c) => ({ text: greet(c), path: c.req.param(\"path\") }));",
    "",
  ].join("\n"));
  const clean = tsc(root);
  assert.is(clean.code, 0, clean.output);

  writeFileSync(path.join(root, "sdk.config.ts"), 'import { defineConfig } from "sdk/config";\nexport default defineConfig({ target: "nodee" });\n');
  const broken = tsc(root);
  assert.is.not(broken.code, 0, broken.output);
  assert.match(broken.output, /sdk\.config\.ts\(2,\d+\): error TS2820: Type '"nodee"' is not assignable/);
});

test.run();
