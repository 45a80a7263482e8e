/** `sdk prepare`: .sdk/tsconfig.json and generated types, so the editor knows the app's routes. */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadBundlerConfig } from "../../build/bundler-config.js";
import { hasNodeTypes } from "../../compiler/project-files.js";
import { analyze } from "../../build/pipeline.js";
import { uiLibrary } from "../../compiler/ui/libraries.js";
import type { UiTypeSettings } from "../../compiler/ui/library.js";
import { CSS_MODULE_TYPES_DIR } from "../../emitters/css-module-types.js";
import { emitPrepareFiles } from "../../emitters/prepare.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { dim, green, printDiagnostics } from "../report.js";
import { readCssModules } from "./prepare-css-modules.js";

export async function prepareCommand(flags: GlobalOptions): Promise<void> {
  const root = resolveRoot(flags.root);
  const ir = await analyze({ root, ui: (await loadBundlerConfig(root)).ui });
  const css = await readCssModules(root);
  const diagnostics = [...ir.diagnostics, ...css.diagnostics];
  // A deleted module's declaration would keep typing an import that no longer resolves.
  rmSync(path.join(root, ".sdk", CSS_MODULE_TYPES_DIR), { recursive: true, force: true });
  const written = emitPrepareFiles(ir, { nodeTypes: hasNodeTypes(root), cssModules: css.modules }).map((file) => {
    const target = path.join(root, ".sdk", file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    return `.sdk/${file.path}`;
  });
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, written, diagnostics }, null, 2));
    return;
  }
  printDiagnostics(root, diagnostics);
  for (const file of written) console.log(`  ${green("✓")} ${file}`);
  console.log(dim('  extend it from your tsconfig.json: { "extends": "./.sdk/tsconfig.json" }'));
  if (ir.ui) console.log(dim(`  ${checkerHint(uiLibrary(ir.ui).types.checker)}`));
}

function checkerHint(checker: UiTypeSettings["checker"]): string {
  const run = `type-check the app and its components with \`npx ${checker.command}\``;
  return checker.package ? `${run} (npm install -D ${checker.package})` : run;
}
