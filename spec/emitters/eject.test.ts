/** The files `sdk eject` writes besides the generated app: package.json, tsconfig.json, the runtime copy. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../compiler/ir.js";
import type { EmittedFile } from "../../emitters/emitted-file.js";
import { emitEjectedProject } from "../../emitters/eject.js";
import { SDK_MODULE_FILES } from "../../emitters/eject-runtime.js";
import { FIXTURES, scanFixture } from "../helpers/scan-ir.js";

const SDK_PACKAGE = JSON.parse(readFileSync(path.join(FIXTURES, "..", "..", "package.json"), "utf8"));

function ejectFiles(fixture: string, target: Target, sourceDir?: string): EmittedFile[] {
  const ir = scanFixture(fixture, { target, config: sourceDir ? { sourceDir } : {} });
  return emitEjectedProject({ ir, appPackage: {}, defaultName: fixture, appSources: [] });
}

const fileIn = (files: EmittedFile[], name: string) => files.find((file) => file.path === name)?.content ?? "";
const jsonIn = (files: EmittedFile[], name: string) => JSON.parse(fileIn(files, name));

test("tsconfig.json maps sdk onto ./runtime, as the Rollup alias does, and checks the app, server/ and runtime/", () => {
  const files = ejectFiles("e2e-api", "node");
  const { compilerOptions, include, extends: base } = jsonIn(files, "tsconfig.json");
  assert.is(base, undefined);
  const expected = { ...Object.fromEntries(Object.entries(SDK_MODULE_FILES).map(([specifier, file]) => [specifier, [`./runtime/${file}`]])), "sdk/runtime/*": ["./runtime/*"] };
  assert.equal(compilerOptions.paths, expected);
  for (const [specifier, file] of Object.entries(SDK_MODULE_FILES)) {
    assert.ok(fileIn(files, "rollup.config.mjs").includes(`{ find: /^${specifier.replaceAll("/", "\\/")}$/, replacement: \`\${runtime}${file}\` }`), specifier);
  }
  assert.is(compilerOptions.strict, true);
  assert.equal(compilerOptions.types, ["node"]);
  for (const place of ["routes", "middleware", "src", "server", "runtime"]) assert.ok(include.includes(place), place);
});

test("with sourceDir, tsconfig.json checks the conventions where they are", () => {
  const { include } = jsonIn(ejectFiles("snap-sourcedir", "node", "app"), "tsconfig.json");
  assert.ok(include.includes("app/routes"));
  assert.ok(include.includes("app/middleware"));
  assert.not.ok(include.includes("routes"));
});

test("package.json type-checks with sdk's own TypeScript and Node types; the edge one pins sdk's wrangler", () => {
  const node = jsonIn(ejectFiles("e2e-api", "node"), "package.json");
  assert.is(node.scripts.typecheck, "tsc --noEmit");
  assert.is(node.devDependencies.typescript, SDK_PACKAGE.devDependencies.typescript);
  assert.is(node.devDependencies["@types/node"], SDK_PACKAGE.devDependencies["@types/node"]);
  assert.is(node.devDependencies.wrangler, undefined);
  assert.equal(Object.keys(node.dependencies).sort(), ["@hono/node-server", "hono"]);
  const edge = jsonIn(ejectFiles("e2e-api", "edge"), "package.json");
  assert.is(edge.devDependencies.wrangler, SDK_PACKAGE.devDependencies.wrangler);
  assert.equal(Object.keys(edge.dependencies), ["hono"]);
});

test("the app's packages stay, less sdk; sdk's TypeScript replaces the app's", () => {
  const ir = scanFixture("e2e-api", { target: "node" });
  const appPackage = { dependencies: { sdk: "^0.1.0", zod: "^4.0.0" }, devDependencies: { sdk: "^0.1.0", "@types/lodash": "^4.0.0", typescript: "^5.0.0" } };
  const pkg = jsonIn(emitEjectedProject({ ir, appPackage, defaultName: "app", appSources: [] }), "package.json");
  assert.is(pkg.dependencies.zod, "^4.0.0");
  assert.is(pkg.devDependencies["@types/lodash"], "^4.0.0");
  assert.is(pkg.devDependencies.typescript, SDK_PACKAGE.devDependencies.typescript);
  assert.not.ok("sdk" in pkg.dependencies || "sdk" in pkg.devDependencies);
});

test("the runtime copy holds the modules the generated code imports, under runtime/", () => {
  const runtime = ejectFiles("e2e-api", "deno").filter((file) => file.path.startsWith("runtime/"));
  const adapters = runtime.filter((file) => file.path.startsWith("runtime/adapters/")).map((file) => file.path);
  assert.equal(adapters, ["runtime/adapters/deno.ts"]);
  assert.ok(runtime.some((file) => file.path === "runtime/index.ts"));
});

test("the same app ejects to the same files", () => {
  assert.equal(ejectFiles("e2e-api", "edge"), ejectFiles("e2e-api", "edge"));
});

test("an app with pages builds with Vite and its library's plugin: no Rollup config, the manifests plugin carried, JSX typed", () => {
  const files = ejectFiles("e2e-pages", "node");
  assert.not.ok(files.some((file) => file.path === "rollup.config.mjs"));
  const pkg = jsonIn(files, "package.json");
  assert.is(pkg.scripts.build, "vite build && vite build --ssr");
  assert.is(pkg.devDependencies.vite, SDK_PACKAGE.dependencies.vite, "the Vite sdk dev runs");
  assert.ok(pkg.devDependencies["@vitejs/plugin-react"]);
  assert.ok(pkg.devDependencies["@types/react"]);
  assert.not.ok("rollup" in pkg.devDependencies);
  assert.match(fileIn(files, "vite.config.ts"), 'import react from "@vitejs/plugin-react";');
  assert.match(fileIn(files, "vite.config.ts"), '{"id":"pages/docs/intro.md","file":"pages/docs/intro.md.ts","layouts":["pages/layout.tsx","pages/docs/layout.tsx"]}');
  assert.ok(fileIn(files, "build/pages-manifests.ts"));
  const { compilerOptions, include } = jsonIn(files, "tsconfig.json");
  assert.is(compilerOptions.jsx, "react-jsx");
  assert.ok(include.includes("pages") && include.includes("build") && include.includes("vite.config.ts"));
  assert.ok(files.some((file) => file.path === "runtime/ui/react/client.ts"), "the client adapter is carried");
  assert.ok(files.some((file) => file.path === "runtime/pages/client/start.ts"), "the client runtime is carried");
});

test("each library's eject names its own Vite plugin; Vue's components are declared for tsc", () => {
  const plugins = { "e2e-pages-vue": "@vitejs/plugin-vue", "e2e-pages-svelte": "@sveltejs/vite-plugin-svelte", "e2e-pages-solid": "vite-plugin-solid" };
  for (const [fixture, plugin] of Object.entries(plugins)) {
    const files = ejectFiles(fixture, "node");
    assert.match(fileIn(files, "vite.config.ts"), `from "${plugin}"`, fixture);
    assert.ok(jsonIn(files, "package.json").devDependencies[plugin], fixture);
  }
  assert.match(fileIn(ejectFiles("e2e-pages-vue", "node"), "server/modules.d.ts"), 'declare module "*.vue"');
  assert.ok(ejectFiles("e2e-pages-svelte", "node").some((file) => file.path === "runtime/ui/svelte/Root.svelte"), "the runtime's components are carried");
});

test("an edge app's pages build bundles the worker in one file, wrangler.json at the root naming it", () => {
  const files = ejectFiles("e2e-pages", "edge");
  assert.is(jsonIn(files, "package.json").scripts.start, "wrangler dev");
  assert.is(jsonIn(files, "wrangler.json").main, "dist/server/index.mjs");
  assert.not.ok(files.some((file) => file.path === "server/wrangler.json"));
  assert.match(fileIn(files, "vite.config.ts"), "inlineDynamicImports: true");
  assert.match(fileIn(files, "vite.config.ts"), 'target: "webworker"');
});

test.run();
