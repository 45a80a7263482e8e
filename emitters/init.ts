/**
 * `sdk init`'s starter app: the template's files (emitters/templates/init/<template>/, copied as
 * they are, plus the API route every template shares) and the root files made for this project:
 * package.json, sdk.config.ts with the compatibility date pinned, tsconfig.json and .gitignore.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { FEATURE_PACKAGES } from "../compiler/optional-packages.js";
import { packagePath } from "../compiler/paths.js";
import type { EmittedFile } from "./emitted-file.js";
import { renderTemplate } from "./template.js";

export const STARTER_TEMPLATES = ["api", "react", "vue", "svelte", "solid"] as const;
export type StarterTemplate = (typeof STARTER_TEMPLATES)[number];

/**
 * Each template's UI packages, the editor's types, and the library's compiler and dev plugin
 * (optional packages of sdk, which leaves them to the apps with such pages). A Vite plugin's peer
 * `vite` would be npm's newest in a first install, beside sdk's own: `vite` at sdk's version keeps
 * one copy (and one Rolldown) that both use.
 */
const uiTools = (library: "react" | "vue" | "svelte" | "solid") => ["vite", ...FEATURE_PACKAGES[library].devDependencies];
const UI_PACKAGES: Record<StarterTemplate, { dependencies: string[]; devDependencies: string[] }> = {
  api: { dependencies: [], devDependencies: [] },
  react: { dependencies: ["react", "react-dom"], devDependencies: ["@types/react", "@types/react-dom", ...uiTools("react")] },
  vue: { dependencies: ["vue"], devDependencies: uiTools("vue") },
  svelte: { dependencies: ["svelte"], devDependencies: uiTools("svelte") },
  solid: { dependencies: ["solid-js"], devDependencies: uiTools("solid") },
};

export const GITIGNORE_ENTRIES = ["node_modules/", ".sdk/", "dist/", ".env"];

export interface StarterInputs {
  template: StarterTemplate;
  /** The package name: the folder's, cleaned for npm. */
  name: string;
  compatibilityDate: string;
  /** The range each package is asked for: sdk's own version, the UI libraries' and plugins' peer ranges, sdk's vite. */
  versions: Readonly<Record<string, string>>;
}

export function emitStarterProject(inputs: StarterInputs): EmittedFile[] {
  return [
    ...templateFiles("shared"),
    ...templateFiles(inputs.template),
    { path: "package.json", content: `${JSON.stringify(starterPackage(inputs), null, 2)}\n` },
    { path: "sdk.config.ts", content: renderTemplate("init/sdk.config.ts.tpl", { compatibilityDate: inputs.compatibilityDate }) },
    { path: "tsconfig.json", content: `${JSON.stringify({ extends: "./.sdk/tsconfig.json" }, null, 2)}\n` },
    { path: ".gitignore", content: `${GITIGNORE_ENTRIES.join("\n")}\n` },
  ].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The scripts every sdk app has; `postinstall` writes .sdk/ (ignored by git) on a fresh clone. */
export const STARTER_SCRIPTS: Readonly<Record<string, string>> = {
  dev: "sdk dev",
  build: "sdk build",
  preview: "sdk preview",
  deploy: "sdk deploy",
  postinstall: "sdk prepare",
};

function starterPackage({ template, name, versions }: StarterInputs): object {
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((pkg) => [pkg, versions[pkg] ?? "latest"]));
  const { dependencies, devDependencies } = UI_PACKAGES[template];
  return {
    name,
    private: true,
    type: "module",
    scripts: STARTER_SCRIPTS,
    dependencies: pick(["sdk", ...dependencies]),
    ...(devDependencies.length && { devDependencies: pick(devDependencies) }),
  };
}

function templateFiles(folder: string): EmittedFile[] {
  const dir = packagePath("emitters", "templates", "init", folder);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .map((file) => ({ path: file.split(path.sep).join("/"), content: readFileSync(path.join(dir, file), "utf8") }));
}

/** npm package names: lowercase, no spaces, at most 214 characters. */
export function packageNameOf(folder: string): string {
  const cleaned = folder.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[._-]+|-+$/g, "").slice(0, 214);
  return cleaned || "sdk-app";
}
