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
import { migrateOldConfigs } from "../migrate/migrate-configs.js";
import { addToGitignore, addToPackageJson, extendTsconfig, type FileChange } from "../init/project-files.js";
import type { GlobalOptions } from "../main.js";
import { resolveRoot } from "../options.js";
import { cyan, dim, green } from "../report.js";
import { SDK_VERSION } from "../version.js";

interface InitFlags extends GlobalOptions {
  template?: string;
  tsconfig?: boolean;
}

export async function initCommand(dir: string | undefined, flags: InitFlags): Promise<void> {
  const root = path.resolve(resolveRoot(flags.root), dir ?? ".");
  const template = templateOf(flags.template);
  const compatibilityDate = initialCompatibilityDate(new Date());
  const existing = existsSync(path.join(root, "package.json"));
  const changes = existing ? await setUpExisting(root, compatibilityDate, flags.tsconfig === true) : createApp(root, template, compatibilityDate);
  report(root, dir, existing, changes, compatibilityDate);
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

function createApp(root: string, template: StarterTemplate, compatibilityDate: string): FileChange[] {
  const files = emitStarterProject({ template, name: packageNameOf(path.basename(root)), compatibilityDate, versions: versions() });
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

async function setUpExisting(root: string, compatibilityDate: string, tsconfig: boolean): Promise<FileChange[]> {
  const config = path.join(root, "sdk.config.ts");
  const changes = [addToPackageJson(root, versions().sdk!), addToGitignore(root)];
  const migrated = existsSync(config) ? null : await migrateOldConfigs(root);
  if (migrated) {
    changes.push({ file: "sdk.config.ts", added: [`converted from ${migrated.sources.map((s) => s.file).join(", ")} (kept in ${migrated.backups.join(", ")})`, ...migrated.dropped.map((d) => `dropped ${d}`)] });
  } else if (!existsSync(config)) {
    writeFileSync(config, renderTemplate("init/sdk.config.ts.tpl", { compatibilityDate }));
    changes.push({ file: "sdk.config.ts", added: ["worker.compatibility_date"] });
  }
  if (tsconfig || !existsSync(path.join(root, "tsconfig.json"))) changes.push(extendTsconfig(root));
  return changes;
}

/** sdk at this version; the UI libraries at the ranges sdk supports (its peer dependencies). */
function versions(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { peerDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const peers = manifest.peerDependencies ?? {};
  const types = Object.fromEntries(["@types/react", "@types/react-dom"].map((name) => [name, manifest.devDependencies?.[name] ?? "latest"]));
  return { ...types, ...peers, sdk: `^${SDK_VERSION}` };
}

function report(root: string, dir: string | undefined, existing: boolean, changes: FileChange[], compatibilityDate: string): void {
  console.log(`${cyan("sdk init")} ${existing ? "added sdk to" : "created"} ${root}`);
  for (const { file, added } of changes) {
    for (const item of added) console.log(`  ${green("+")} ${file ? `${file}: ${item}` : item}`);
    if (file && !added.length) console.log(dim(`  = ${file}: nothing to add`));
  }
  console.log(dim(`  worker.compatibility_date ${compatibilityDate}`));
  console.log(`\n  next: ${dir ? `cd ${dir} && ` : ""}npm install && npm run dev`);
}
