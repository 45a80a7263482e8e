/**
 * package.json and compiler/optional-packages.ts tell the same story: every optional peer but the
 * UI libraries themselves belongs to a feature that checks for it, every package a feature names
 * is an optional peer (so its error can print a range), and the repository develops against each.
 * esbuild is wrangler's pinned version, so a hello-world install holds one copy.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FEATURE_PACKAGES, installCommand, installCommandFor, type Feature } from "../../compiler/optional-packages.ts";

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}

const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as Manifest;
const UI_LIBRARIES = ["react", "react-dom", "vue", "svelte", "solid-js"];
const featurePackages = Object.values(FEATURE_PACKAGES).flatMap((feature) => [...feature.dependencies, ...feature.devDependencies]);

test("every optional peer is a UI library or a feature's package, and every feature's package is an optional peer", () => {
  const peers = Object.keys(manifest.peerDependencies);
  assert.equal(peers.filter((name) => !UI_LIBRARIES.includes(name) && !featurePackages.includes(name)), []);
  assert.equal(featurePackages.filter((name) => !peers.includes(name)), []);
  assert.equal(peers.filter((name) => manifest.peerDependenciesMeta[name]?.optional !== true), []);
});

test("no optional peer is also a dependency, and the repository develops against each", () => {
  const peers = Object.keys(manifest.peerDependencies);
  assert.equal(peers.filter((name) => name in manifest.dependencies), []);
  assert.equal(peers.filter((name) => !(name in manifest.devDependencies)), []);
});

test("the command installs run-time packages as dependencies and build tools with -D, at the peer ranges", () => {
  const range = (name: string) => manifest.peerDependencies[name];
  assert.is(installCommand("database", ["drizzle-orm", "drizzle-kit"]), `npm install "drizzle-orm@${range("drizzle-orm")}" && npm install -D "drizzle-kit@${range("drizzle-kit")}"`);
  assert.is(installCommand("vue", ["unplugin-vue"]), `npm install -D "unplugin-vue@${range("unplugin-vue")}"`);
  assert.is(installCommand("redis", ["@redis/client"]), `npm install "@redis/client@${range("@redis/client")}"`);
  for (const feature of Object.keys(FEATURE_PACKAGES) as Feature[]) assert.is(installCommand(feature), "", `${feature}: all installed in the repository`);
});

test("an unresolved import of one of our optional packages is answered with its range; any other package bare", () => {
  assert.is(installCommandFor("mysql2"), `npm install "mysql2@${manifest.peerDependencies.mysql2}"`);
  assert.is(installCommandFor("remark-gfm"), `npm install -D "remark-gfm@${manifest.peerDependencies["remark-gfm"]}"`);
  assert.is(installCommandFor("left-pad"), "npm install left-pad");
});

test("esbuild is the version wrangler pins, so npm installs one copy for both", () => {
  const wrangler = createRequire(import.meta.url).resolve("wrangler/package.json");
  const pinned = (JSON.parse(readFileSync(wrangler, "utf8")) as Manifest).dependencies.esbuild;
  assert.is(manifest.dependencies.esbuild, pinned, `wrangler pins esbuild ${pinned}`);
});

test.run();
