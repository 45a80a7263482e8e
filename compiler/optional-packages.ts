/**
 * The packages only some apps need. package.json names them optional peer dependencies, so a
 * hello-world install carries none of them; an app that uses a feature installs that feature's
 * packages itself. They are looked for where this package's own imports (and the app bundle's
 * imports of our runtime modules) find them: node_modules folders from this package's folder up,
 * which is the app's own node_modules wherever npm, pnpm or yarn put us. A missing one is
 * SDK_PACKAGE_MISSING, naming the feature, what in the app needs it and the npm command to run.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { error, UserError, type Diagnostic } from "./diagnostics.js";
import { PACKAGE_ROOT, packagePath } from "./paths.js";

export type Feature = "react" | "vue" | "svelte" | "solid" | "markdown" | "database" | "mysql" | "auth" | "sandbox" | "redis" | "report";

interface FeaturePackages {
  /** What they are for, as the message says it: "(for Vue pages)". */
  readonly label: string;
  /** Imported by the app's bundle at run time: `npm install`. */
  readonly dependencies: readonly string[];
  /** Used only while building or in dev: `npm install -D`. */
  readonly devDependencies: readonly string[];
}

export const FEATURE_PACKAGES: Readonly<Record<Feature, FeaturePackages>> = {
  react: { label: "React pages", dependencies: [], devDependencies: ["@vitejs/plugin-react"] },
  vue: { label: "Vue pages", dependencies: [], devDependencies: ["@vitejs/plugin-vue", "unplugin-vue"] },
  svelte: { label: "Svelte pages", dependencies: [], devDependencies: ["@sveltejs/vite-plugin-svelte"] },
  solid: {
    label: "Solid pages",
    dependencies: [],
    devDependencies: ["vite-plugin-solid", "babel-preset-solid", "@babel/core", "@babel/preset-typescript", "@rollup/plugin-babel"],
  },
  markdown: {
    label: "Markdown pages",
    dependencies: [],
    devDependencies: ["unified", "remark-parse", "remark-gfm", "remark-frontmatter", "remark-rehype", "rehype-raw", "rehype-slug", "rehype-stringify", "yaml"],
  },
  database: { label: "the database", dependencies: ["drizzle-orm"], devDependencies: ["drizzle-kit"] },
  mysql: { label: "a MySQL database", dependencies: ["mysql2"], devDependencies: [] },
  auth: { label: "auth", dependencies: ["better-auth"], devDependencies: [] },
  sandbox: { label: "the sandbox", dependencies: ["@cloudflare/sandbox"], devDependencies: [] },
  redis: { label: "sharing ISR and crons through Redis", dependencies: ["@redis/client"], devDependencies: [] },
  report: { label: "the build report's treemap", dependencies: [], devDependencies: ["rollup-plugin-visualizer"] },
};

/** What in the app needs a feature, for the diagnostic's location. */
export type Trigger = Omit<Diagnostic, "code" | "message" | "severity" | "hint">;

/** The package.json of `name` where this package's imports find it, or null when they would not. */
function installedManifest(name: string): string | null {
  for (let dir = PACKAGE_ROOT; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "node_modules", name, "package.json");
    if (existsSync(manifest)) return manifest;
    if (path.dirname(dir) === dir) return null;
  }
}

/** The folder of `name` where this package's imports find it, or null when they would not. */
export function installedPackageDir(name: string): string | null {
  const manifest = installedManifest(name);
  return manifest ? path.dirname(manifest) : null;
}

export function isInstalled(name: string): boolean {
  return installedManifest(name) !== null;
}

/** The installed version of `name` (what the app's bundle will hold), or null when it is not installed. */
export function installedVersion(name: string): string | null {
  const manifest = installedManifest(name);
  return manifest ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version : null;
}

export function missingPackages(feature: Feature): string[] {
  const { dependencies, devDependencies } = FEATURE_PACKAGES[feature];
  return [...dependencies, ...devDependencies].filter((name) => !isInstalled(name));
}

let peerRanges: Record<string, string> | undefined;

/** `name@range`, the range package.json's peerDependencies asks for, quoted for a shell. */
function withRange(name: string): string {
  peerRanges ??= (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {};
  const range = peerRanges[name];
  return range ? `"${name}@${range}"` : name;
}

/** The npm commands that install a feature's missing packages, joined by `&&`. */
export function installCommand(feature: Feature, missing: readonly string[] = missingPackages(feature)): string {
  const { dependencies, devDependencies } = FEATURE_PACKAGES[feature];
  const runtime = dependencies.filter((name) => missing.includes(name)).map(withRange);
  const tools = devDependencies.filter((name) => missing.includes(name)).map(withRange);
  return [runtime.length ? `npm install ${runtime.join(" ")}` : "", tools.length ? `npm install -D ${tools.join(" ")}` : ""].filter(Boolean).join(" && ");
}

/**
 * The command that installs one package an import could not find: at our peer range when it is
 * one of our optional packages (an import reached before the feature's own check), else bare.
 */
export function installCommandFor(name: string): string {
  const feature = (Object.keys(FEATURE_PACKAGES) as Feature[]).find((key) => [...FEATURE_PACKAGES[key].dependencies, ...FEATURE_PACKAGES[key].devDependencies].includes(name));
  return feature ? installCommand(feature, [name]) : `npm install ${name}`;
}

/** SDK_PACKAGE_MISSING for a feature whose packages are not all installed; none when they are. */
export function missingPackagesDiagnostic(feature: Feature, needer: string, trigger: Trigger): Diagnostic[] {
  const missing = missingPackages(feature);
  if (!missing.length) return [];
  const { label } = FEATURE_PACKAGES[feature];
  return [
    error("SDK_PACKAGE_MISSING", `${needer} needs ${missing.join(", ")} (for ${label}), not installed in this app: sdk leaves these optional packages to the apps that use them.`, {
      ...trigger,
      hint: `run ${installCommand(feature, missing)}`,
    }),
  ];
}

/** Stops a command that needs a feature's packages before it loads any of them. */
export function requirePackages(feature: Feature, needer: string, trigger: Trigger = {}): void {
  const diagnostics = missingPackagesDiagnostic(feature, needer, trigger);
  if (diagnostics.length) throw new UserError(diagnostics);
}
