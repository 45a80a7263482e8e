/**
 * What a new app's package.json asks for as `sdk`. The registry's `sdk` belongs to someone else, so
 * `^<our version>` would install their package: the app asks for this package where this one came
 * from, as recorded by the project whose node_modules holds it (a plain install or `npx`'s cache):
 * a tarball (re-pointed from the new app's folder), a git or tarball URL, or, from the registry,
 * this exact version. When nothing is recorded, the exact version and a note saying so.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../../compiler/paths.js";
import { SDK_VERSION } from "../version.js";

export interface SdkDependency {
  /** The value for `dependencies.sdk`. */
  spec: string;
  /** Where it was read from, for the report; absent when nothing was recorded. */
  source?: string;
  /** Printed when the app may not get this package from `npm install`. */
  note?: string;
}

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies"] as const;
/** Specs npm resolves the same from any folder: git, hosted shorthands, URLs, aliases. */
const PORTABLE = /^(git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:|npm:)|^[\w.-]+\/[\w.-]+(#.*)?$/;
const LOCAL = /^(file:|\.{1,2}[\\/]|[\\/]|~[\\/]|[A-Za-z]:[\\/])|\.(tgz|tar\.gz|tar)$/;

/** `appRoot`: the folder whose package.json gets the dependency. `installDir`: this package's folder. */
export function sdkDependency(appRoot: string, installDir: string = PACKAGE_ROOT): SdkDependency {
  const recorded = recordedSpec(installDir);
  if (recorded) {
    const spec = respec(recorded.spec, recorded.owner, appRoot);
    if (spec) return { spec, source: recorded.file };
  }
  return {
    spec: SDK_VERSION,
    note:
      `sdk could not tell where it was installed from, so package.json asks the npm registry for sdk ${SDK_VERSION}, ` +
      "which may be another package of the same name. If you installed sdk from a tarball or a git URL, " +
      `install it the same way in this app (npm install <that tarball or URL>).`,
  };
}

interface Recorded {
  spec: string;
  /** The folder the spec is relative to. */
  owner: string;
  /** The file it was read from. */
  file: string;
}

/** The spec the project owning the node_modules folder we sit in used: its package.json, else its lock file. */
function recordedSpec(installDir: string): Recorded | undefined {
  if (path.basename(path.dirname(installDir)) !== "node_modules") return undefined;
  const owner = path.dirname(path.dirname(installDir));
  const manifestFile = path.join(owner, "package.json");
  const manifest = readJson(manifestFile);
  for (const field of DEPENDENCY_FIELDS) {
    const spec = (manifest?.[field] as Record<string, unknown> | undefined)?.sdk;
    if (typeof spec === "string") return { spec, owner, file: manifestFile };
  }
  for (const lockFile of [path.join(owner, "package-lock.json"), path.join(owner, "node_modules", ".package-lock.json")]) {
    const entry = (readJson(lockFile)?.packages as Record<string, { resolved?: unknown }> | undefined)?.["node_modules/sdk"];
    if (typeof entry?.resolved === "string") return { spec: entry.resolved, owner, file: lockFile };
  }
  return undefined;
}

/** The spec as the new app must write it; undefined when it points at a file that is gone. */
function respec(spec: string, owner: string, appRoot: string): string | undefined {
  if (isRegistryUrl(spec)) return SDK_VERSION;
  if (LOCAL.test(spec) && !/^[a-z+]+:\/\//.test(spec)) {
    const target = path.resolve(owner, spec.replace(/^file:/, "").replace(/^~(?=[\\/])/, process.env.HOME ?? "~"));
    if (!existsSync(target)) return undefined;
    const relative = path.relative(appRoot, target).split(path.sep).join("/");
    return `file:${relative.startsWith(".") || path.isAbsolute(relative) ? relative : `./${relative}`}`;
  }
  if (PORTABLE.test(spec)) return spec;
  // A version, range or dist-tag: the registry served this package, and this version is immutable.
  return SDK_VERSION;
}

/** A lock file's `resolved` for a registry install: `<registry>/sdk/-/sdk-<version>.tgz`. */
function isRegistryUrl(spec: string): boolean {
  return /^https?:\/\/.+\/sdk\/-\/sdk-[^/]+\.tgz$/.test(spec);
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
