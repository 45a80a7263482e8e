/**
 * Small Rolldown builds with the `svelte` UI library's own settings, as an app's build runs them,
 * for the ui-svelte tests: components written to a scratch folder, and our Svelte adapter from
 * its TypeScript sources (runtime/ui/svelte), so the tests need no packed build.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rolldown, type OutputAsset, type OutputChunk, type Plugin, type RolldownPluginOption } from "rolldown";
import { cssPlugin } from "../../bundler/css-plugin.ts";
import type { BuildMode } from "../../compiler/ir.ts";
import type { UiSide } from "../../compiler/ui/library.ts";
import { uiRolldownSettings } from "../../compiler/ui/rolldown-settings.ts";
import { svelte } from "../../compiler/ui/svelte.ts";
import { scratchDir } from "./scratch.ts";
import { REPO_ROOT } from "./sdk-cli.ts";

/** Our Svelte adapter's sources, for an entry to import (`${SVELTE_RUNTIME}/server.ts`). */
export const SVELTE_RUNTIME = path.join(REPO_ROOT, "runtime", "ui", "svelte");

export function writeFiles(files: Record<string, string>): string {
  const dir = scratchDir("ui-svelte");
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

export interface SvelteBuild {
  /** The entry chunk's code. */
  code: string;
  /** The stylesheets the CSS plugin emitted. */
  css: string[];
  /** What plugins (the Svelte compiler's) warned about; Rolldown's own notes are left out. */
  warnings: string[];
}

export interface SvelteBuildOptions {
  side: UiSide;
  mode?: BuildMode;
  format?: "es" | "iife";
  /** Leave Svelte's runtime out, for a build that is read and not run: much faster. */
  svelteExternal?: boolean;
}

/** The compiler stays resolvable: the Svelte plugin loads the one the bundle resolves. */
const isSvelteRuntime = (id: string) => id === "svelte" || (id.startsWith("svelte/") && id !== "svelte/compiler");

/** tsc's import style in our sources: `./context.js` names context.ts. */
function typescriptSources(): Plugin {
  return {
    name: "test:typescript-sources",
    resolveId(source, importer) {
      if (!importer?.startsWith(REPO_ROOT) || !source.startsWith(".") || !source.endsWith(".js")) return null;
      const file = path.resolve(path.dirname(importer), `${source.slice(0, -3)}.ts`);
      return existsSync(file) ? file : null;
    },
  };
}

/** Bundles `entry` (a file in `dir`) for one side, with Svelte deduplicated to this repository's copy. */
export async function buildSvelte(dir: string, entry: string, { side, mode = "production", format = "es", svelteExternal = false }: SvelteBuildOptions): Promise<SvelteBuild> {
  const warnings: string[] = [];
  const conditions = side === "client" ? ["browser", "import", "default"] : ["node", "import", "default"];
  // Svelte deduplicated to this repository's copy, as an app's build resolves it from the app's root.
  const ui = await uiRolldownSettings(svelte, { mode, side, root: REPO_ROOT });
  const bundle = await rolldown({
    input: path.join(dir, entry),
    external: svelteExternal ? isSvelteRuntime : undefined,
    platform: side === "client" ? "browser" : "node",
    onLog: (level, log) => {
      if (level === "warn" && log.plugin) warnings.push(log.message);
    },
    plugins: [typescriptSources(), cssPlugin({ side, root: dir, mode }), ...ui.plugins] as RolldownPluginOption[],
    resolve: { conditionNames: [...conditions, ...ui.conditionNames], extensions: [".ts", ".js", ".svelte"] },
    tsconfig: false,
    transform: { target: "es2022", ...ui.transform },
  });
  const { output } = await bundle.generate({ format, codeSplitting: false, assetFileNames: "[name][extname]" });
  await bundle.close();
  const [chunk] = output.filter((file): file is OutputChunk => file.type === "chunk");
  const css = output.filter((file): file is OutputAsset => file.type === "asset" && file.fileName.endsWith(".css")).map((asset) => String(asset.source));
  return { code: chunk!.code, css, warnings };
}

/** A server build's entry module, loaded into this process. */
export async function importServerBuild<Module>(dir: string, entry: string, mode: BuildMode = "production"): Promise<Module> {
  const { code } = await buildSvelte(dir, entry, { side: "server", mode });
  const file = path.join(dir, `${path.basename(entry, path.extname(entry))}.server.mjs`);
  writeFileSync(file, code);
  return (await import(file)) as Module;
}
