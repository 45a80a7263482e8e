/** `sdk build`: compile the app into dist/ for one target, printing each phase and the outputs. */
import { build } from "../../build/pipeline.js";
import { loadBundlerConfig } from "../../build/bundler-config.js";
import { type GlobalOptions, parseMode, parseTarget, resolveRoot } from "../options.js";
import { cyan, dim, printDiagnostics, printOutputs, printPhase } from "../report.js";
import { PRESETS } from "../../compiler/targets.js";
import { readLastBuildRecord, writeLastBuild } from "../last-build.js";
import { summaryLines } from "../build-summary.js";
import { deferredPrerenderLines } from "../deferred-prerender.js";

interface BuildFlags extends GlobalOptions {
  target?: string;
  mode?: string;
  report?: boolean;
}

export async function buildCommand(flags: BuildFlags): Promise<void> {
  const root = resolveRoot(flags.root);
  const target = parseTarget(flags.target);
  const mode = parseMode(flags.mode ?? "production");
  const started = performance.now();
  if (!flags.json) console.log(`${cyan("sdk build")} ${dim(root)}`);
  const bundlerConfig = await loadBundlerConfig(root);
  const report = await build({
    root,
    target,
    mode,
    userPlugins: bundlerConfig.plugins,
    ui: bundlerConfig.ui,
    treemap: flags.report === true,
    onPhase: flags.json ? undefined : printPhase,
    // With --json, stdout carries only the report; the app's build command prints to stderr.
    onCommandOutput: flags.json ? (text) => process.stderr.write(text) : undefined,
  });
  const previous = readLastBuildRecord(root);
  writeLastBuild(root, report.report);
  const totalMs = performance.now() - started;
  if (flags.json) {
    const { ir, ...rest } = report;
    console.log(JSON.stringify({ ok: true, ...rest, routes: ir.routes.length, totalMs }, null, 2));
    return;
  }
  printDiagnostics(root, report.warnings);
  printOutputs(report.outputs);
  for (const line of deferredPrerenderLines(report.deferredPrerender, report.target)) console.log(line);
  for (const line of summaryLines(root, report.report, report.treemap, previous)) console.log(line);
  console.log(`${dim(`built ${report.target} in ${totalMs.toFixed(0)} ms; start it with`)} ${PRESETS[report.target].startCommand}`);
}
