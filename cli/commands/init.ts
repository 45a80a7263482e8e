/**
 * `sdk init [dir] [--template api|react|vue|svelte|solid] [--tsconfig]`: a new app from a
 * template, or, in a folder that already has a package.json, sdk added to that project without
 * replacing anything in it. The compatibility date is today's, capped at the newest date the
 * installed workerd runs, so `sdk preview` and `sdk dev` work at once. `.sdk/` is written by the
 * `postinstall` script (`sdk prepare`) once the dependencies, UI library included, are there.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { supportedCompatibilityDate } from "miniflare";
import { error, UserError } from "../../compiler/diagnostics.js";
import { packagePath } from "../../compiler/paths.js";
import { emitStarterProject, packageNameOf, STARTER_TEMPLATES, type StarterTemplate } from "../../emitters/init.js";
import { renderTemplate } from "../../emitters/template.js";
import { loadConfig } from "../../compiler/config/load.js";
import { unconvertedConfigFiles } from "../../compiler/config/unconverted.js";
import { migrateOldConfigs } from "../migrate/migrate-configs.js";
import { addToGitignore, addToPackageJson, extendTsconfig, type FileChange } from "../init/project-files.js";
import { sdkDependency, type SdkDependency } from "../init/sdk-dependency.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, yellow } from "../report.js";

interface InitFlags extends GlobalOptions {
  template?: string;
  tsconfig?: boolean;
}

export async function initCommand(dir: string | undefined, flags: InitFlags): Promise<void> {
  const root = path.resolve(resolveRoot(flags.root), dir ?? ".");
  const template = templateOf(flags.template);
  const compatibilityDate = initialCompatibilityDate(new Date());
  const existing = existsSync(path.join(root, "package.json"));
  if (existing && flags.template !== undefined) refuseTemplate(root, template);
  const sdk = sdkDependency(root);
  const setup = existing ? await setUpExisting(root, sdk.spec, compatibilityDate, flags.tsconfig === true) : { changes: createApp(root, template, sdk.spec, compatibilityDate), compatibilityDate, dateSource: PINNED, notes: [] };
  report(root, dir, existing, setup, sdk);
}

/** Today (UTC), or the newest date the local workerd supports when today is later. */
export function initialCompatibilityDate(now: Date): string {
  const today = now.toISOString().slice(0, 10);
  return today < supportedCompatibilityDate ? today : supportedCompatibilityDate;
}

function templateOf(value: string | undefined): StarterTemplate {
  if (value === undefined) return "api";
  if ((STARTER_TEMPLATES as readonly string[]).includes(value)) return value as StarterTemplate;
  throw new UserError([error("SDK_INIT_TEMPLATE", `There is no template "${value}".`, { hint: `use --template ${STARTER_TEMPLATES.join(", ")}` })]);
}

/** A template is a new app's files; in an existing project they would replace or mix with the user's own. */
function refuseTemplate(root: string, template: StarterTemplate): never {
  throw new UserError([
    error("SDK_INIT_TEMPLATE_EXISTING", `--template ${template} makes a new app, but ${root} already has a package.json.`, {
      hint: `run \`sdk init <new folder> --template ${template}\` for a new app, or \`sdk init\` without --template to add sdk to this project as it is`,
    }),
  ]);
}

function createApp(root: string, template: StarterTemplate, sdkSpec: string, compatibilityDate: string): FileChange[] {
  const files = emitStarterProject({ template, name: packageNameOf(path.basename(root)), compatibilityDate, versions: versions(sdkSpec) });
  const taken = files.filter((file) => existsSync(path.join(root, file.path))).map((file) => file.path);
  if (taken.length) {
    throw new UserError([
      error("SDK_INIT_EXISTS", `${root} already has ${taken.join(", ")}, which the ${template} template would replace.`, {
        hint: "run sdk init in an empty folder, or in a folder with a package.json to add sdk to that project",
      }),
    ]);
  }
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file.path)), { recursive: true });
    writeFileSync(path.join(root, file.path), file.content);
  }
  return [{ file: "", added: files.map((file) => file.path) }];
}

interface Setup {
  changes: FileChange[];
  /** `worker.compatibility_date` as sdk.config.ts has it, and where it came from. */
  compatibilityDate: string;
  dateSource: string;
  notes: string[];
}

const PINNED = "today's, or the newest the installed workerd runs";

/**
 * An older config is converted first, since a value it refuses stops here with nothing changed;
 * the scripts are moved off wrangler only once no wrangler file is left at the root for them.
 */
async function setUpExisting(root: string, sdkSpec: string, compatibilityDate: string, tsconfig: boolean): Promise<Setup> {
  const config = path.join(root, "sdk.config.ts");
  const migrated = existsSync(config) ? null : await migrateOldConfigs(root, { pin: compatibilityDate });
  const left = unconvertedConfigFiles(root);
  const manifest = addToPackageJson(root, sdkSpec, { rewriteWrangler: !left.some(({ kind }) => kind === "wrangler") });
  const changes = [manifest, addToGitignore(root)];
  const notes = [...manifest.notes];
  if (left.length) notes.push(`${left.map((f) => f.file).join(", ")} not converted (SDK_CONFIG_NOT_CONVERTED): sdk.config.ts exists already, so what it sets is not in force; \`sdk migrate\` prints its values to merge by hand, then delete it`);
  let date = { compatibilityDate, dateSource: PINNED };
  if (migrated) {
    changes.push({ file: "sdk.config.ts", added: [`converted from ${migrated.sources.map((s) => s.file).join(", ")} (kept in ${migrated.kept.join(", ")}, tracked by git)`, ...migrated.dropped.map((d) => `dropped ${d}`)] });
    changes.push({ file: "", added: migrated.adopted });
    notes.push(...migrated.notes);
    date = { compatibilityDate: migrated.compatibilityDate ?? compatibilityDate, dateSource: migrated.datePinned ? PINNED : `from ${migrated.sources.map((s) => s.file).join(", ")}` };
  } else if (!existsSync(config)) {
    writeFileSync(config, renderTemplate("init/sdk.config.ts.tpl", { compatibilityDate }));
    changes.push({ file: "sdk.config.ts", added: ["worker.compatibility_date"] });
  } else date = { compatibilityDate: (await loadConfig(root)).config.worker?.compatibility_date ?? "not set", dateSource: "as sdk.config.ts has it" };
  if (tsconfig || !existsSync(path.join(root, "tsconfig.json"))) changes.push(extendTsconfig(root));
  return { changes, ...date, notes };
}

/** sdk as `sdkDependency` found it; the UI libraries and their plugins at the ranges sdk supports (its peer dependencies); sdk's own vite. */
function versions(sdkSpec: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { dependencies: Record<string, string>; peerDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const peers = manifest.peerDependencies ?? {};
  const types = Object.fromEntries(["@types/react", "@types/react-dom"].map((name) => [name, manifest.devDependencies?.[name] ?? "latest"]));
  return { ...types, ...peers, vite: manifest.dependencies.vite!, sdk: sdkSpec };
}

function report(root: string, dir: string | undefined, existing: boolean, { changes, compatibilityDate, dateSource, notes }: Setup, sdk: SdkDependency): void {
  console.log(`${cyan("sdk init")} ${existing ? "added sdk to" : "created"} ${root}`);
  for (const { file, added } of changes) {
    for (const item of added) console.log(`  ${green("+")} ${file ? `${file}: ${item}` : item}`);
    if (file && !added.length) console.log(dim(`  = ${file}: nothing to add`));
  }
  console.log(dim(`  worker.compatibility_date ${compatibilityDate} (${dateSource})`));
  console.log(dim(`  sdk: "${sdk.spec}"${sdk.source ? ` (as ${sdk.source} installed it)` : ""}`));
  for (const note of [...notes, ...(sdk.note ? [sdk.note] : [])]) console.log(`\n  ${yellow("note:")} ${note}`);
  console.log(`\n  next: ${dir ? `cd ${dir} && ` : ""}npm install && npm run dev`);
}
