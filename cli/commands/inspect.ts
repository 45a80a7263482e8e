/** `sdk inspect`: what the compiler sees, without building: routes, middleware, bindings, diagnostics. */
import { hasErrors } from "../../compiler/diagnostics.js";
import { loadBundlerConfig } from "../../build/bundler-config.js";
import { analyze } from "../../build/pipeline.js";
import type { AppIR } from "../../compiler/ir.js";
import { type GlobalOptions, parseTarget, resolveRoot } from "../options.js";
import { cyan, dim, printDiagnostics } from "../report.js";

interface InspectFlags extends GlobalOptions {
  target?: string;
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd()}`);
}

function printIR(ir: AppIR): void {
  console.log(`${cyan("target")} ${ir.target}  ${cyan("mode")} ${ir.mode}${ir.sourceDir ? `  ${cyan("sourceDir")} ${ir.sourceDir}` : ""}`);
  console.log(`${cyan("app type")} ${ir.appType} ${dim(`(${ir.appTypeReason})`)}  ${cyan("notFound")} ${ir.routing.runtime.notFound} ${dim(`(${ir.routing.notFoundReason})`)}`);
  console.log(cyan(`\nroutes (${ir.routes.length}, in matching order)`));
  if (ir.routes.length) {
    const rows = ir.routes.map((r) => [r.methods.map((m) => m.method).join(","), r.pattern, r.file + (r.mode ? ` (${r.mode} only)` : "")]);
    console.log(table([["METHODS", "PATTERN", "FILE"], ...rows]).join("\n"));
  }
  console.log(cyan(`\nmiddleware (${ir.middleware.length}, in run order)`));
  for (const mw of ir.middleware) console.log(`  ${mw.file}`);
  console.log(cyan(`\nbindings (${ir.bindings.length})`));
  for (const b of ir.bindings) console.log(`  ${b.name.padEnd(10)} ${b.kind.padEnd(8)} ${dim(b.source)}`);
  const { crons, queues, email, durableObjects, websockets } = ir.jobs;
  console.log(cyan("\njobs"));
  console.log(`  crons ${crons.length}, queues ${queues.length}, email ${email.length}, durable objects ${durableObjects.length}, websocket routes ${websockets.length}`);
  const { classes, migrations, recorded } = ir.durableState;
  if (classes.length || migrations.length) {
    console.log(cyan(`\ndurable state (${classes.length} classes; migrations: ${recorded} recorded, ${migrations.length - recorded} added by the next build)`));
    for (const c of classes) console.log(`  ${c.binding.padEnd(14)} ${c.className.padEnd(20)} ${dim(c.file ?? "sandbox")}`);
  }
  console.log(cyan(`\nassets`) + ` ${ir.assets.length} files in public/`);
  console.log(cyan(`\ndiagnostics`) + ` ${ir.diagnostics.length}`);
}

export async function inspectCommand(flags: InspectFlags): Promise<void> {
  const root = resolveRoot(flags.root);
  const ir = await analyze({ root, target: parseTarget(flags.target), ui: (await loadBundlerConfig(root)).ui });
  if (flags.json) console.log(JSON.stringify(ir, null, 2));
  else {
    printIR(ir);
    printDiagnostics(root, ir.diagnostics);
  }
  if (hasErrors(ir.diagnostics)) process.exitCode = 1;
}
