/** `sdk eject`: write the generated app, the app's sources and the runtime it needs as a standalone project. */
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { error, UserError } from "../../compiler/diagnostics.js";
import type { BindingKind } from "../../compiler/ir.js";
import { loadBundlerConfig } from "../../build/bundler-config.js";
import { runFrontEnd } from "../../build/pipeline.js";
import { readAppName, readLockResolved } from "../../compiler/project-files.js";
import { isDirectory, listFiles, matchExtension, SCRIPT_EXTENSIONS } from "../../compiler/scan/files.js";
import { writeFiles } from "../../emitters/emit.js";
import { appSourcePlaces, emitEjectedProject } from "../../emitters/eject.js";
import { compileMarkdownPages } from "../../emitters/eject-pages.js";
import { type GlobalOptions, parseTarget, resolveRoot } from "../options.js";
import { dim, green } from "../report.js";

interface EjectFlags extends GlobalOptions {
  target?: string;
  out?: string;
}

/**
 * The app's own files that the generated code imports or serves. Build output and state stay
 * behind, and so does tsconfig.json: it extends .sdk/tsconfig.json, and the eject writes its own.
 */
const SKIPPED = new Set(["node_modules", "dist", ".sdk", ".git", "package.json", "package-lock.json", "tsconfig.json", "sdk.config.ts", "bundler.config.ts"]);

function checkOutDir(out: string | undefined): string {
  if (!out) throw new UserError([error("SDK_EJECT_OUT", "eject needs --out <dir>", { hint: "sdk eject --target node --out ../my-app-node" })]);
  const dir = path.resolve(out);
  if (existsSync(dir) && readdirSync(dir).length) {
    throw new UserError([error("SDK_EJECT_OUT", `${out} is not empty; eject never overwrites files`, { hint: "choose a new folder" })]);
  }
  return dir;
}

/**
 * The bindings an ejected app carries the modules of: the database (D1 on the edge, the only
 * target sdk/db builds for), KV and R2, which wrangler dev keeps locally as `sdk dev` does. AI,
 * mail and the sandbox need sdk's local stand-ins, which an ejected app has no place for yet.
 */
const CARRIED_BINDINGS = new Set<BindingKind>(["db", "kv", "storage"]);

/** Component files whose `<script>` blocks import like script files do. */
const COMPONENT_EXTENSIONS = [".vue", ".svelte"];
const SCRIPT_BLOCK = /<script\b[^>]*>([^]*?)<\/script>/g;

/** The text of every script file (of a component, its script blocks) in the places the ejected tsconfig.json checks. */
function readAppSources(root: string, places: string[]): string[] {
  const files = places.flatMap((place) => {
    const absolute = path.join(root, place);
    if (isDirectory(absolute)) return listFiles(absolute, { recursive: true }).map((file) => path.join(absolute, file));
    return existsSync(absolute) ? [absolute] : [];
  });
  return files.flatMap((file) => {
    if (matchExtension(path.basename(file), SCRIPT_EXTENSIONS)) return [readFileSync(file, "utf8")];
    if (!matchExtension(path.basename(file), COMPONENT_EXTENSIONS)) return [];
    return [[...readFileSync(file, "utf8").matchAll(SCRIPT_BLOCK)].map((block) => block[1]).join("\n")];
  });
}

/** The import a binding comes from (`routes/a.ts:2:24`); null for one the config or migrations ask for, which needs no module. */
function importLocation(source: string): { file: string; line: number; column: number } | null {
  const match = /^(.+):(\d+):(\d+)$/.exec(source);
  return match ? { file: match[1]!, line: Number(match[2]), column: Number(match[3]) } : null;
}

export async function ejectCommand(flags: EjectFlags): Promise<void> {
  const root = resolveRoot(flags.root);
  const out = checkOutDir(flags.out);
  const { ir } = await runFrontEnd({ root, target: parseTarget(flags.target), ui: (await loadBundlerConfig(root)).ui });
  const imported = ir.bindings.filter((binding) => !CARRIED_BINDINGS.has(binding.kind)).map((binding) => ({ binding, at: importLocation(binding.source) })).find((entry) => entry.at);
  if (imported) {
    throw new UserError([error("SDK_EJECT_PLATFORM", `sdk eject does not carry the ${imported.binding.kind} binding's module (sdk/${imported.binding.kind}) yet: locally it runs on sdk's own stand-in, which an ejected app would not have`, {
      ...imported.at,
      hint: "keep building this app with `sdk build`; the database, KV, R2, env.ts, auth and pages are carried, AI, mail and the sandbox not yet",
    })]);
  }
  const appPackagePath = path.join(root, "package.json");
  const appPackage = existsSync(appPackagePath) ? JSON.parse(readFileSync(appPackagePath, "utf8")) : {};
  // Markdown pages are compiled at the eject: their modules replace them (compileMarkdownPages).
  const markdown = compileMarkdownPages(root, ir);
  const compiled = new Set(markdown.map((file) => path.join(root, file.path.replace(/\.ts$/, ""))));
  cpSync(root, out, { recursive: true, filter: (source) => !SKIPPED.has(path.relative(root, source).split(path.sep)[0]) && !compiled.has(source) });
  const files = [...markdown, ...emitEjectedProject({
    ir,
    appPackage,
    defaultName: readAppName(root),
    lockResolved: readLockResolved(root),
    appSources: [...readAppSources(root, appSourcePlaces(ir.sourceDir)), ...markdown.map((file) => file.content)],
  })];
  writeFiles(out, files);
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, out, target: ir.target, files: files.map((f) => f.path) }, null, 2));
    return;
  }
  console.log(`${green("✓")} ejected the ${ir.target} app to ${out}`);
  console.log(dim(`  cd ${path.relative(process.cwd(), out) || "."} && npm install && npm run build && npm start`));
}
