/**
 * The build loads a feature's toolchain only for an app that has the feature: an API app's build
 * loads neither better-auth and Drizzle (auth's tables), nor Babel (Solid), nor the SFC compiler
 * (Vue), nor unified and YAML (Markdown pages). Together they took about half a second of every
 * build of such an app. Nor ajv: the package checks the config with its compiled check, and an app
 * without routing rules gets no routing validator to compile. Nor TypeScript (the scan reads syntax
 * with Rolldown's parser), nor Rollup.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, REPO_ROOT, runSdk } from "../helpers/sdk-cli.ts";

const TRAP = pathToFileURL(path.join(REPO_ROOT, "spec", "helpers", "package-load-trap.mjs")).href;
const TOOLCHAINS = ["better-auth", "drizzle-orm", "@babel/core", "@rollup/plugin-babel", "unplugin-vue", "@vue/compiler-sfc", "unified", "yaml", "ajv"];
/**
 * A build reads the app's syntax with Rolldown's parser, never TypeScript (@ts-morph/common holds
 * the copy sdk init and sdk migrate use), and bundles an app without pages with Rolldown on every
 * target (it also runs sdk.config.ts): Rollup and its plugins are for pages.
 */
const NEVER = ["ts-morph", "@ts-morph/common", "typescript", "rollup", "rollup-plugin-esbuild", "@rollup/plugin-commonjs"];

function packagesLoaded(stderr: string): string[] {
  return [...stderr.matchAll(/^package loaded: (.+)$/gm)].map((match) => match[1]!);
}

for (const target of ["node", "edge"] as const) {
  test(`an API app's ${target} build loads no toolchain of a feature it does not use`, () => {
    const root = copyFixture("fixtures", "e2e-api");
    const result = runSdk(["build", "--root", root, "--target", target], { env: { NODE_OPTIONS: `--import ${TRAP}` } });
    assert.is(result.code, 0, result.stdout + result.stderr);
    const loaded = packagesLoaded(result.stderr);
    assert.ok(loaded.includes("rolldown"), `the trap sees packages load: ${loaded.join(", ")}`);
    assert.equal(loaded.filter((name) => [...TOOLCHAINS, ...NEVER].includes(name)), [], loaded.join(", "));
  });
}

test.run();
