/** Which runtime modules an eject carries, walked on the real runtime/ from the real generated code. */
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SdkConfig } from "../../compiler/config/define.js";
import { TARGETS, type Target } from "../../compiler/ir.js";
import { packagePath } from "../../compiler/paths.js";
import { emitTarget } from "../../emitters/emit.js";
import { SDK_MODULE_FILES, selectRuntimeModules } from "../../emitters/eject-runtime.js";
import { scanFixture } from "../helpers/scan-ir.js";

function generatedSources(target: Target, config: SdkConfig = {}): string[] {
  const ir = scanFixture("e2e-api", { target, config });
  return emitTarget(ir, { projectRootFromGenerated: "..", defaultName: "e2e-api" }).map((file) => file.content);
}

const paths = (sources: string[]) => selectRuntimeModules(sources).modules.map((module) => module.path);
const adapters = (modules: string[]) => modules.filter((module) => module.startsWith("adapters/"));

test("a node entry carries adapters/node.ts, none of the other adapters, and @hono/node-server", () => {
  const selection = selectRuntimeModules(generatedSources("node"));
  const modules = selection.modules.map((module) => module.path);
  assert.ok(modules.includes("adapters/node.ts"));
  for (const other of ["adapters/bun.ts", "adapters/deno.ts", "adapters/edge.ts"]) assert.not.ok(modules.includes(other), other);
  for (const core of ["index.ts", "app.ts", "server.ts"]) assert.ok(modules.includes(core), core);
  assert.equal(selection.packages, ["@hono/node-server", "hono"]);
});

for (const target of TARGETS.filter((t) => t !== "node")) {
  test(`a ${target} entry carries only adapters/${target}.ts and needs only hono`, () => {
    const selection = selectRuntimeModules(generatedSources(target));
    assert.equal(adapters(selection.modules.map((module) => module.path)), [`adapters/${target}.ts`]);
    assert.equal(selection.packages, ["hono"]);
  });
}

test("routing rules bring the config check; an app without rules carries none of it", () => {
  const withRules = paths(generatedSources("node", { routing: { redirects: { "/old": "/new" } } }));
  assert.ok(withRules.includes("routing/check.ts"));
  assert.not.ok(paths(generatedSources("node")).includes("routing/check.ts"));
});

test("crons bring the scheduled dispatch; an app without crons carries none of it", () => {
  for (const target of TARGETS) {
    const ir = scanFixture("e2e-crons", { target });
    const withCrons = paths(emitTarget(ir, { projectRootFromGenerated: "..", defaultName: "e2e-crons" }).map((file) => file.content));
    assert.ok(withCrons.includes("jobs/scheduled.ts"), target);
    assert.not.ok(paths(generatedSources(target)).includes("jobs/scheduled.ts"), target);
  }
});

test("modules are listed once, sorted, with the runtime's own source text", () => {
  const { modules } = selectRuntimeModules([...generatedSources("node"), ...generatedSources("node")]);
  const names = modules.map((module) => module.path);
  assert.equal(names, [...new Set(names)].sort());
  assert.match(modules.find((module) => module.path === "index.ts")!.content, /export function defineHandler/);
});

test("a type-only import of sdk in the app's own code counts: the eject type-checks it", () => {
  assert.equal(paths(['import type { Handler } from "sdk";']), ["durable-state/definition.ts", "email/inbound.ts", "env/define.ts", "handler.ts", "index.ts", "pages/client/client-window.ts", "pages/serialized.ts", "pages/types.ts"]);
});

test("specifiers that do not name the runtime are ignored", () => {
  const selection = selectRuntimeModules(['import { defineConfig } from "sdk/config";', 'import { x } from "./local.ts";', 'import "hono";']);
  assert.equal(selection, { modules: [], packages: [] });
});

test("an sdk/runtime/* specifier with no module behind it is an error, not a silently smaller eject", () => {
  assert.throws(() => selectRuntimeModules(['import "sdk/runtime/nope";']), /nope\.ts is not a module of the runtime/);
});

test("every public module the eject maps is the runtime file sdk's package exports it as", () => {
  const { exports } = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { exports: Record<string, { default: string }> };
  for (const [specifier, file] of Object.entries(SDK_MODULE_FILES)) {
    const exported = exports[specifier === "sdk" ? "." : `./${specifier.slice("sdk/".length)}`];
    assert.is(exported?.default, `./lib/runtime/${file.replace(/\.ts$/, ".js")}`, specifier);
  }
});

test("the runtime's Svelte components and .svelte.ts modules are carried by the names they are imported by", () => {
  const names = paths(['import { Link } from "sdk/svelte";', 'import "sdk/runtime/ui/svelte/client";']);
  for (const name of ["ui/svelte/Link.svelte", "ui/svelte/form.svelte.ts", "ui/svelte/tree-state.svelte.ts", "ui/svelte/Root.svelte"]) assert.ok(names.includes(name), name);
});

test("a module importing cloudflare:workers brings its declarations, so the ejected project type-checks", () => {
  assert.ok(paths(['import { kv } from "sdk/kv";']).includes("platform/cloudflare-workers.d.ts"));
});

test.run();
