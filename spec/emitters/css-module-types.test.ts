/**
 * The types `sdk prepare` writes for CSS modules, checked by the real `tsc`: each module prepare
 * has read is typed by its own classes (a misspelt class carries `// @ts-expect-error`, and an
 * unused directive is an error too, so a clean exit means the typo was caught), a module it has
 * not read yet is a string index, and a plain stylesheet is a side-effect import.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../build/pipeline.ts";
import { readCssModules } from "../../cli/commands/prepare-css-modules.ts";
import { emitPrepareFiles } from "../../emitters/prepare.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

function write(root: string, file: string, content: string[]): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), `${content.join("\n")}\n`);
}

function tsc(root: string): { code: number; output: string } {
  const result = spawnSync(process.execPath, [TSC, "-p", root, "--noEmit", "--pretty", "false"], { encoding: "utf8" });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

function scratchApp(): string {
  const root = scratchDir("css-module-types");
  write(root, "package.json", ['{ "name": "css-module-types", "private": true, "type": "module" }']);
  write(root, "tsconfig.json", ['{ "extends": "./.sdk/tsconfig.json" }']);
  write(root, "routes/index.ts", ["export const GET = () => new Response('ok');"]);
  write(root, "src/card.module.css", [".title { color: red; }", ".two-words { composes: title; }", ".class { margin: 0; }"]);
  write(root, "src/unread.module.css", [".anything { color: red; }"]);
  write(root, "src/plain.css", ["body { margin: 0; }"]);
  write(root, "src/broken.module.css", [".a { color: red;"]);
  write(root, "src/use.ts", [
    'import styles, { title } from "./card.module.css";',
    'import unread from "./unread.module.css";',
    'import "./plain.css";',
    "",
    "export const names: string[] = [styles.title, styles[\"two-words\"], styles.class, title, unread.whatever];",
    "// @ts-expect-error: a misspelt class of a module prepare has read",
    "export const typo: string = styles.titel;",
  ]);
  return root;
}

/** As `sdk prepare` does, less the unread module, as if it were added after prepare ran. */
async function prepare(root: string): Promise<string[]> {
  const ir = await analyze({ root });
  const css = await readCssModules(root);
  const modules = css.modules.filter((module) => module.file !== "src/unread.module.css");
  for (const file of emitPrepareFiles(ir, { nodeTypes: false, cssModules: modules })) write(root, path.join(".sdk", file.path), [file.content]);
  return css.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`);
}

test("a CSS module is typed by its classes after prepare; a typo is a type error", async () => {
  const root = scratchApp();
  const warnings = await prepare(root);
  assert.equal(warnings, ["SDK_CSS_MODULE_UNREAD src/broken.module.css:1"], "the module that does not compile is a warning");
  const { code, output } = tsc(root);
  assert.is(output, "");
  assert.is(code, 0);
});

test("without its @ts-expect-error the typo fails tsc at its line", async () => {
  const root = scratchApp();
  await prepare(root);
  write(root, "src/use.ts", ['import styles from "./card.module.css";', "export const typo: string = styles.titel;"]);
  const { code, output } = tsc(root);
  assert.is.not(code, 0);
  assert.match(output, /src\/use\.ts\(2,\d+\): error TS2551: Property 'titel' does not exist/);
});

test.run();
