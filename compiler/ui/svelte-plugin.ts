/**
 * The Svelte compiler as bundler plugins (Rollup's hooks, which Rolldown runs): `.svelte`
 * components and `.svelte.js`/`.svelte.ts` modules (runes outside components), compiled for the
 * server or the browser.
 *
 * Built on svelte/compiler directly rather than through rollup-plugin-svelte, which names the
 * extracted style of `layout.svelte` as the module `layout.css`: the same id as a stylesheet a
 * layout beside it imports, so one of the two would silently replace the other. Styles here are
 * virtual modules named as vite-plugin-svelte names them (`layout.svelte?svelte&type=style&lang.css`),
 * which the CSS plugin collects like any imported stylesheet.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { transform as esbuildTransform } from "esbuild";
import type { Plugin, PluginContext, SourceMapInput } from "rollup";
import type { CompileOptions, CompileResult, Warning } from "svelte/compiler";
import type { BuildMode } from "../ir.js";
import type { UiSide } from "./library.js";

type SvelteCompiler = typeof import("svelte/compiler");

const COMPONENT_FILE = /\.svelte$/;
const MODULE_FILE = /\.svelte\.(?:js|ts)$/;
const TYPESCRIPT_MODULE_FILE = /\.svelte\.ts$/;
const STYLE_SUFFIX = "?svelte&type=style&lang.css";

/**
 * What every component compiles with, and what the dev server passes to vite-plugin-svelte:
 * styles always external, so they reach the page as stylesheets and never as injected JS.
 */
export function svelteCompilerOptions(mode: BuildMode, side: UiSide): CompileOptions {
  return { generate: side, dev: mode === "development", css: "external" };
}

/**
 * `.svelte.ts` modules as plain JavaScript first: the Svelte compiler reads TypeScript only in a
 * component's `<script lang="ts">`, and our esbuild pass runs after the component plugins.
 */
function svelteModuleTypes(): Plugin {
  return {
    name: "sdk:svelte-module-types",
    async transform(code, id) {
      if (!TYPESCRIPT_MODULE_FILE.test(id)) return null;
      const result = await esbuildTransform(code, { loader: "ts", sourcefile: id, sourcemap: "external", target: "esnext" });
      return { code: result.code, map: result.map };
    },
  };
}

function svelteCompile(options: CompileOptions): Plugin {
  const side = options.generate;
  let compiler: Promise<SvelteCompiler> | undefined;
  const styles = new Map<string, { code: string; map: SourceMapInput }>();
  return {
    name: "sdk:svelte",
    resolveId(source) {
      return styles.has(source) ? source : null;
    },
    load(id) {
      return styles.get(id) ?? null;
    },
    async transform(code, id) {
      const isComponent = COMPONENT_FILE.test(id);
      if (!isComponent && !MODULE_FILE.test(id)) return null;
      const svelte = await (compiler ??= loadCompiler(this));
      // As rollup-plugin-svelte names it: the server and client builds hash styles alike.
      const filename = path.relative(process.cwd(), id);
      let result: CompileResult;
      try {
        result = isComponent
          ? svelte.compile(code, { ...options, filename })
          : svelte.compileModule(code, { generate: options.generate, dev: options.dev, filename });
      } catch (cause) {
        return this.error(located(cause, id));
      }
      // Both builds compile every component; the browser's reports what both would.
      if (side === "client") for (const warning of result.warnings) this.warn(located(warning, id));
      if (side !== "client" || !result.css?.code) return { code: result.js.code, map: result.js.map };
      const styleId = `${id}${STYLE_SUFFIX}`;
      styles.set(styleId, { code: result.css.code, map: result.css.map });
      return { code: `${result.js.code}\nimport ${JSON.stringify(styleId)};\n`, map: result.js.map };
    },
  };
}

export function svelteComponents(options: CompileOptions): Plugin[] {
  return [svelteModuleTypes(), svelteCompile(options)];
}

/**
 * The compiler of the Svelte the bundle resolves (the app's: `svelte` is deduplicated to the app's
 * root), so components compile for the runtime they run with. Loaded on the first Svelte file:
 * apps of other libraries need no Svelte installed.
 */
async function loadCompiler(context: PluginContext): Promise<SvelteCompiler> {
  const resolved = await context.resolve("svelte/compiler", undefined, { skipSelf: true });
  if (!resolved || resolved.external) return context.error("Svelte pages need svelte installed in the app: npm install svelte");
  return (await import(pathToFileURL(resolved.id).href)) as SvelteCompiler;
}

/** A Svelte error or warning as the bundler reports one: at its file, line and (0-based) column. */
function located(problem: unknown, id: string): { message: string; code?: string; loc?: { file: string; line: number; column: number } } {
  const { message, code, start } = problem as Partial<Warning> & { message: string };
  return { message, ...(code ? { code } : {}), ...(start ? { loc: { file: id, line: start.line, column: start.column } } : {}) };
}
