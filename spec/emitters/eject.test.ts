/** The files `sdk eject` writes besides the generated app: package.json, tsconfig.json, the runtime copy. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../compiler/ir.js";
import type { EmittedFile } from "../../emitters/emitted-file.js";
import { emitEjectedProject } from "../../emitters/eject.js";
import { FIXTURES, scanFixture } from "../helpers/scan-ir.js";

const SDK_PACKAGE = JSON.parse(readFileSync(path.join(FIXTURES, "..", "..", "package.json"), "utf8"));

function ejectFiles(fixture: string, target: Target, sourceDir?: string): EmittedFile[] {
  const ir = scanFixture(fixture, { target, config: sourceDir ? { sourceDir } : {} });
  return emitEjectedProject({ ir, appPackage: {}, defaultName: fixture, appSources: [] });
}

const fileIn = (files: EmittedFile[], name: string) => files.find((file) => file.path === name)?.content ?? "";
const jsonIn = (files: EmittedFile[], name: string) => JSON.parse(fileIn(files, name));

test("tsconfig.json maps sdk onto ./runtime, as the Rollup alias does, and checks the app, server/ and runtime/", () => {
  const { compilerOptions, include, extends: base } = jsonIn(ejectFiles("e2e-api", "node"), "tsconfig.json");
  assert.is(base, undefined);
  assert.equal(compilerOptions.paths, { sdk: ["./runtime/index.ts"], "sdk/react": ["./runtime/ui/react/index.ts"], "sdk/client": ["./runtime/client/index.ts"], "sdk/runtime/*": ["./runtime/*"], "sdk/ws": ["./runtime/ws/index.ts"] });
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

test.run();
