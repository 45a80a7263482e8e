/**
 * The build report's treemap, drawn by rollup-plugin-visualizer (an optional peer: an app that
 * wants the picture installs it) when `sdk build --report` asks: measuring every module in the
 * bundler and drawing the page take longer than a large app's whole build otherwise does. Its plugin runs in the server and the client Rolldown builds and
 * records each as raw data; its command line then merges them into one page, each bundle's chunks
 * side by side, module by module, raw and gzip.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Plugin } from "rollup";
import { installedPackageDir, requirePackages } from "../../compiler/optional-packages.js";

const VISUALIZER = "rollup-plugin-visualizer";

interface VisualizerOptions {
  filename: string;
  template: "raw-data";
  gzipSize: boolean;
  emitFile: boolean;
  projectRoot: string;
}

export interface Treemap {
  /** The plugin for one bundle, recording its data as `.sdk/report/data/<bundle>.json`. */
  plugin(bundle: "server" | "client"): Plugin;
  /** Writes `.sdk/report/index.html` from the bundles recorded; its path. */
  render(title: string): Promise<string>;
}

export function reportDir(root: string): string {
  return path.join(root, ".sdk", "report");
}

/** The treemap; SDK_PACKAGE_MISSING when the app has not installed the visualizer. */
export async function loadTreemap(root: string): Promise<Treemap> {
  requirePackages("report", "sdk build --report");
  const dir = installedPackageDir(VISUALIZER)!;
  // A name in a variable: the package is optional, so neither TypeScript nor a bundler must need it.
  const specifier: string = VISUALIZER;
  const { visualizer } = (await import(specifier)) as { visualizer: (options: VisualizerOptions) => Plugin };
  const recorded = new Set<string>();
  const dataFile = (bundle: string) => path.join(reportDir(root), "data", `${bundle}.json`);
  return {
    plugin(bundle) {
      recorded.add(dataFile(bundle));
      return visualizer({ filename: dataFile(bundle), template: "raw-data", gzipSize: true, emitFile: false, projectRoot: root });
    },
    async render(title) {
      const html = path.join(reportDir(root), "index.html");
      const bin = (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { bin: string }).bin;
      await promisify(execFile)(process.execPath, [path.join(dir, bin), "--template", "treemap", "--title", title, "--filename", html, ...recorded]);
      return html;
    },
  };
}
