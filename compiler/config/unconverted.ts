/**
 * Config files of the tools an app may come from, which sdk never reads: the legacy `sdk.json`
 * (or `sdk.jsonc`, the contract's `.jsonc` variant) and the edge platform's wrangler files.
 * `sdk migrate` converts them into sdk.config.ts and moves the originals into `config-migration/`,
 * so one still at the root was never converted, and what it configures (bindings, routes, vars, the compatibility date) silently is not in force.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { warning, type Diagnostic } from "../diagnostics.js";

export type UnconvertedKind = "sdk" | "wrangler";

export const UNCONVERTED_CONFIG_FILES: readonly { file: string; kind: UnconvertedKind }[] = [
  { file: "sdk.json", kind: "sdk" },
  { file: "sdk.jsonc", kind: "sdk" },
  { file: "wrangler.json", kind: "wrangler" },
  { file: "wrangler.jsonc", kind: "wrangler" },
  { file: "wrangler.toml", kind: "wrangler" },
];

/** The files of the list at `root`. */
export function unconvertedConfigFiles(root: string): typeof UNCONVERTED_CONFIG_FILES {
  return UNCONVERTED_CONFIG_FILES.filter(({ file }) => existsSync(path.join(root, file)));
}

export function unconvertedConfigWarnings(root: string): Diagnostic[] {
  return unconvertedConfigFiles(root).map(({ file }) =>
    warning("SDK_CONFIG_NOT_CONVERTED", `${file} is not read: sdk takes the app's configuration from sdk.config.ts alone, so nothing ${file} sets is in force.`, {
      file,
      hint: `run \`sdk migrate\` to convert it into sdk.config.ts (the original is kept in config-migration/), or delete it if it is left over`,
    }),
  );
}
