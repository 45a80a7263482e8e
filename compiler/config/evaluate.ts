/**
 * Runs a TypeScript module of the app's root (sdk.config.ts, bundler.config.ts, env.ts, auth.ts)
 * the way Node would run JavaScript: bundled with its relative imports (by Rolldown; by Rollup
 * for a module given stand-ins), written under `.sdk/cache/` and imported. Syntax errors, missing
 * imports and throws become one located diagnostic each.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { SourceMap, type SourceMapPayload } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin, RollupError } from "rollup";
import { plainMessage } from "../bundler-message.js";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import { toPosixRelative } from "../paths.js";
import { loadRolldown } from "../rolldown.js";
import { fileScopePlugin } from "./file-scope.js";

interface Bundle {
  code: string;
  map: SourceMapPayload;
}

export interface EvaluateOptions {
  /** Bare specifiers mapped to a file: bundled when it ends in `.ts`, imported by URL otherwise. */
  aliases: Record<string, string>;
  /** Diagnostic codes start with it (default `SDK_CONFIG`): `<prefix>_SYNTAX`, `_IMPORT`, `_THREW`. */
  codePrefix?: string;
  /** When the module runs, for the hint of a throw (default: "at every build and dev start"). */
  runs?: string;
  /**
   * A module the evaluation cannot import (a worker-only one) and the module needs only to load:
   * the reason, for a stand-in whose every named export throws it when called; null for others.
   */
  standIn?: (specifier: string) => string | null;
  /**
   * Called with the exports before they are returned, its throws located like the module's own:
   * for an export that is a function of the app's to call (auth.ts's `defineAuth(() => ...)`).
   */
  andThen?: (exports: Record<string, unknown>) => unknown;
}

/** Each load evaluates the module afresh, so a changed `process.env` is seen on reload. */
let evaluation = 0;

/** The module's exports; `file` is absolute. */
export async function evaluateModule(root: string, file: string, options: EvaluateOptions): Promise<Record<string, unknown>> {
  const labels = { prefix: options.codePrefix ?? "SDK_CONFIG", runs: options.runs ?? "at every build and dev start", andThen: options.andThen };
  return evaluate(root, await bundleModule(root, file, options, labels), file, labels);
}

/** Imports the bundle; a throw while evaluating becomes one diagnostic at the throwing line. */
interface Labels {
  prefix: string;
  runs: string;
  andThen?: EvaluateOptions["andThen"];
}

async function evaluate(root: string, bundle: Bundle, file: string, labels: Labels): Promise<Record<string, unknown>> {
  const cacheDir = configCacheDir(root);
  const hash = createHash("sha256").update(bundle.code).digest("hex").slice(0, 16);
  const outFile = path.join(cacheDir, `${path.basename(file, path.extname(file))}-${hash}.mjs`);
  await mkdir(cacheDir, { recursive: true });
  if (!existsSync(outFile)) await writeFile(outFile, bundle.code);
  try {
    const exports: Record<string, unknown> = await import(`${pathToFileURL(outFile).href}?v=${++evaluation}`);
    await labels.andThen?.(exports);
    return exports;
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    const relative = toPosixRelative(root, file);
    throw new UserError([
      error(`${labels.prefix}_THREW`, `${relative} threw while it was evaluated: ${firstLine(message)}`, {
        ...(thrownAt(thrown, outFile, bundle.map, root) ?? { file: relative }),
        hint: `Fix the code that throws; ${relative} is evaluated ${labels.runs}.`,
      }),
    ]);
  }
}

function configCacheDir(root: string): string {
  return path.join(root, ".sdk", "cache");
}

const STAND_IN_PREFIX = "\0sdk-stand-in:";

async function bundleModule(root: string, file: string, options: EvaluateOptions, labels: Labels): Promise<Bundle> {
  try {
    return await (options.standIn ? bundleWithStandIns(root, file, options) : bundleWithRolldown(root, file, options));
  } catch (thrown) {
    throw new UserError([await bundleDiagnostic(thrown, root, file, labels.prefix)]);
  }
}

/** Bare specifiers stay imports, but for the aliased ones and (with Rollup) the stand-ins. */
function isExternal(id: string, { aliases, standIn }: EvaluateOptions): boolean {
  return !(id in aliases) && !standIn?.(id) && !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("\0");
}

function aliasTarget(target: string): string | { id: string; external: true } {
  return target.endsWith(".ts") ? target : { id: pathToFileURL(target).href, external: true };
}

/**
 * Rolldown bundles and strips TypeScript in native code: the config evaluates in a few
 * milliseconds, where loading Rollup and its esbuild plugin alone took about 0.25 s of every build
 * and `sdk dev` start.
 */
async function bundleWithRolldown(root: string, file: string, options: EvaluateOptions): Promise<Bundle> {
  const { rolldown } = await loadRolldown();
  const build = await rolldown({
    input: file,
    cwd: root,
    platform: "node",
    tsconfig: false,
    plugins: [{ name: "sdk-modules", resolveId: (id) => (options.aliases[id] === undefined ? null : aliasTarget(options.aliases[id]!)) }, fileScopePlugin()],
    external: (id) => isExternal(id, options),
    onLog: () => {},
  });
  const { output } = await build.generate({ format: "esm", sourcemap: "hidden", dir: configCacheDir(root) });
  await build.close();
  const [chunk] = output;
  return { code: chunk.code, map: JSON.parse(chunk.map!.toString()) as SourceMapPayload };
}

/**
 * With Rollup, whose synthetic named exports let a stand-in answer any name imported from it
 * (Rolldown has none): a module (auth.ts) that imports a worker-only module it needs only to load.
 */
async function bundleWithStandIns(root: string, file: string, options: EvaluateOptions): Promise<Bundle> {
  const standIns = new Map<string, string>();
  const sdkModules: Plugin = {
    name: "sdk-modules",
    resolveId(id) {
      const reason = options.aliases[id] === undefined ? options.standIn?.(id) : null;
      if (reason) {
        standIns.set(id, reason);
        return `${STAND_IN_PREFIX}${id}`;
      }
      const target = options.aliases[id];
      return target ? aliasTarget(target) : null;
    },
    load(id) {
      if (!id.startsWith(STAND_IN_PREFIX)) return null;
      // Any name imported from it is a property of the default export (Rollup's synthetic named exports).
      const reason = JSON.stringify(standIns.get(id.slice(STAND_IN_PREFIX.length)));
      const code = `const unavailable = () => { throw new Error(${reason}); };\nexport default new Proxy({}, { get: (_, name) => (name === "then" ? undefined : unavailable) });\n`;
      return { code, syntheticNamedExports: true };
    },
  };
  const [{ rollup }, { default: esbuild }] = await Promise.all([import("rollup"), import("rollup-plugin-esbuild")]);
  const build = await rollup({
    input: file,
    plugins: [sdkModules, fileScopePlugin(), esbuild({ target: "node20", tsconfig: false, loaders: { ".json": "json" } })],
    external: (id) => isExternal(id, options),
    onwarn: () => {},
  });
  const { output } = await build.generate({ format: "esm", sourcemap: "hidden", dir: configCacheDir(root) });
  await build.close();
  const [chunk] = output;
  return { code: chunk.code, map: chunk.map as unknown as SourceMapPayload };
}

/** esbuild reports `{ line, column(0-based) }`, Rollup `loc`; both become one located diagnostic. */
async function bundleDiagnostic(thrown: unknown, root: string, file: string, prefix: string): Promise<Diagnostic> {
  const rollupError = thrown as RollupError & { errors?: ({ text: string; location?: { file: string; line: number; column: number } } | RollupError)[] };
  const [first] = rollupError?.errors ?? [];
  // Rolldown throws every error of the build in one; each is shaped as Rollup's.
  if (rollupError?.code === undefined && first && "code" in first) return bundleDiagnostic(first, root, file, prefix);
  if (typeof rollupError?.code !== "string") throw thrown;
  const name = toPosixRelative(root, file);
  const esbuildError = first && "text" in first ? first : undefined;
  if (esbuildError) {
    const at = esbuildError.location;
    return error(`${prefix}_SYNTAX`, `${name} cannot be parsed: ${esbuildError.text}`, {
      file: toPosixRelative(root, at?.file ? path.resolve(root, at.file) : file),
      ...(at ? { line: at.line, column: at.column + 1 } : {}),
      hint: `Fix the syntax error; ${name} must be valid TypeScript.`,
    });
  }
  if (rollupError.code === "UNRESOLVED_IMPORT" && rollupError.exporter && rollupError.id) {
    const importer = toPosixRelative(root, rollupError.id);
    return error(`${prefix}_IMPORT`, `${importer} imports "${rollupError.exporter}", which does not exist`, {
      file: importer,
      ...(await importPosition(rollupError.id, rollupError.exporter)),
      hint: `Fix the path; relative imports are bundled with ${name}, packages must be installed.`,
    });
  }
  const loc = rollupError.loc;
  const where = { file: toPosixRelative(root, loc?.file ?? rollupError.id ?? file), ...(loc ? { line: loc.line, column: loc.column + 1 } : {}) };
  if (rollupError.code === "PARSE_ERROR") {
    return error(`${prefix}_SYNTAX`, `${name} cannot be parsed: ${plainMessage(rollupError)}`, { ...where, hint: `Fix the syntax error; ${name} must be valid TypeScript.` });
  }
  return error(`${prefix}_IMPORT`, `${name} cannot be bundled: ${plainMessage(rollupError)}`, { ...where, hint: `Check the imports of ${name}.` });
}

/** Rollup does not locate an unresolved import; its quoted specifier in the importer does. */
export async function importPosition(importer: string, specifier: string): Promise<Pick<Diagnostic, "line" | "column">> {
  const text = await readFile(importer, "utf8").catch(() => "");
  const offset = text.search(new RegExp(`["']${specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']`));
  if (offset < 0) return {};
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** The thrown error's first stack frame in the bundle, mapped back to the user's source. */
function thrownAt(thrown: unknown, outFile: string, map: SourceMapPayload, root: string): Pick<Diagnostic, "file" | "line" | "column"> | null {
  if (!(thrown instanceof Error) || !thrown.stack) return null;
  const bundleUrl = pathToFileURL(outFile).href;
  for (const match of thrown.stack.matchAll(/(file:\/\/[^\s)?]+)(?:\?[^\s):]*)?:(\d+):(\d+)/g)) {
    if (match[1] !== bundleUrl) continue;
    const entry = new SourceMap(map).findEntry(Number(match[2]) - 1, Number(match[3]) - 1);
    // Code with no source of the app's (a stand-in's): the frame that called it is the place.
    if (!("originalSource" in entry)) continue;
    const source = entry.originalSource.startsWith("file:") ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(outFile), entry.originalSource);
    return { file: toPosixRelative(root, source), line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  }
  return null;
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
