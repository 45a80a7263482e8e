/**
 * A UI library's settings for Rolldown (compiler/ui/rolldown-settings.ts): its packages resolved
 * once, from the app's root, whoever imports them; its conditions and the mode's; its JSX and defines.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { rolldown } from "rolldown";
import { react } from "../../../compiler/ui/react.ts";
import { uiRolldownSettings } from "../../../compiler/ui/rolldown-settings.ts";
import { solid } from "../../../compiler/ui/solid.ts";
import { scratchDir } from "../../helpers/scratch.ts";

function writeTree(root: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
}

const reactPackage = (copy: string) => ({
  [`package.json`]: JSON.stringify({ name: "react", type: "module", exports: { ".": "./index.js", "./jsx-runtime": "./jsx-runtime.js" } }),
  [`index.js`]: `export const copy = "${copy}";\n`,
  [`jsx-runtime.js`]: `export const runtimeCopy = "${copy}";\n`,
});

const prefixed = (prefix: string, files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([name, content]) => [`${prefix}/${name}`, content]));

test("react and its subpaths resolve from the app's root, even from a linked package with its own copy", async () => {
  const root = scratchDir("ui-rolldown-dedupe");
  writeTree(root, {
    "package.json": JSON.stringify({ name: "app", type: "module" }),
    "entry.js": 'import { copy } from "react";\nimport { adapterCopy, adapterRuntime } from "./linked/adapter.js";\nconsole.log(copy, adapterCopy, adapterRuntime);\n',
    ...prefixed("node_modules/react", reactPackage("the app's")),
    "linked/adapter.js": 'export { copy as adapterCopy } from "react";\nexport { runtimeCopy as adapterRuntime } from "react/jsx-runtime";\n',
    ...prefixed("linked/node_modules/react", reactPackage("the linked package's")),
  });
  const ui = await uiRolldownSettings(react, { mode: "production", side: "client", root });
  const bundle = await rolldown({ input: path.join(root, "entry.js"), plugins: ui.plugins, onLog: () => {} });
  const { output } = await bundle.generate({ format: "es" });
  await bundle.close();
  assert.match(output[0].code, "the app's");
  assert.not.match(output[0].code, "the linked package's");
});

test("the library's export conditions and the mode's, its JSX and its defines", async () => {
  const settings = await uiRolldownSettings(solid, { mode: "development", side: "client", root: scratchDir("ui-rolldown-settings") });
  assert.equal(settings.conditionNames, ["solid", "development"]);
  assert.equal(settings.extensions, [".tsx", ".jsx"]);
  assert.equal(settings.transform, { define: { "process.env.NODE_ENV": '"development"' }, jsx: "preserve" });
  const reactSettings = await uiRolldownSettings(react, { mode: "production", side: "server", root: scratchDir("ui-rolldown-settings") });
  assert.equal(reactSettings.transform.jsx, { runtime: "automatic", importSource: "react", development: false });
  assert.equal(reactSettings.conditionNames, ["production"]);
});

test.run();
