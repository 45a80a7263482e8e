/**
 * An older config as sdk.config.ts values. The legacy SDK JSON config has sdk.config.ts's own
 * shape. Of a wrangler file, the worker settings become `worker` (vars as strings, as the
 * contract requires), what sdk generates itself (entry, assets, build) is dropped, and every
 * other platform field is kept verbatim under `edge`, which passes it through to the generated
 * wrangler.json and wins over generated values.
 */
import { mergeConfig } from "../../emitters/wrangler.js";
import { convertLegacyEdge } from "./legacy-edge.js";
import type { OldConfig } from "./sources.js";

export interface Conversion {
  config: Record<string, unknown>;
  /** `wrangler.toml: main (sdk generates the worker's entry)`: each value left behind and why. */
  dropped: string[];
  /** Values changed on the way (`vars.PORT: the number 3000 became the string "3000"`). */
  changed: string[];
}

/** Fields of a wrangler file that sdk writes itself, with the reason a user is told. */
const GENERATED_FIELDS: Readonly<Record<string, string>> = {
  main: "sdk generates the worker's entry",
  assets: "sdk serves public/ and the client build itself",
  site: "sdk serves public/ and the client build itself",
  build: "sdk builds the worker (use inference.build for the app's own build command)",
  rules: "sdk bundles the worker itself",
  no_bundle: "sdk bundles the worker itself",
  find_additional_modules: "sdk bundles the worker itself",
  base_dir: "sdk bundles the worker itself",
};

export function convertOldConfigs(sources: readonly OldConfig[]): Conversion {
  const result: Conversion = { config: {}, dropped: [], changed: [] };
  for (const source of sources) {
    const part = source.kind === "sdk" ? source.value : fromWrangler(source, result);
    result.config = mergeConfig(result.config, part);
  }
  return result;
}

function fromWrangler({ file, value }: OldConfig, result: Conversion): Record<string, unknown> {
  const { compatibility_date: date, compatibility_flags: flags, vars, limits, $schema: _schema, ...rest } = value as Record<string, unknown>;
  const worker: Record<string, unknown> = {};
  if (date !== undefined) worker.compatibility_date = date;
  if (flags !== undefined) worker.compatibility_flags = flags;
  if (vars !== undefined) worker.vars = stringVars(file, vars as Record<string, unknown>, result);
  const cpu = (limits as { cpu_ms?: unknown } | undefined)?.cpu_ms;
  if (cpu !== undefined) worker.limits = { cpu_ms: cpu };
  const legacy = convertLegacyEdge(rest);
  result.dropped.push(...legacy.dropped.map((note) => `${file}: ${note}`));
  result.changed.push(...legacy.changed.map((note) => `${file}: ${note}`));
  if (legacy.flags.length) worker.compatibility_flags = [...new Set([...((worker.compatibility_flags as string[] | undefined) ?? []), ...legacy.flags])];
  const edge: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(legacy.edge)) {
    const reason = GENERATED_FIELDS[key];
    if (reason) result.dropped.push(`${file}: ${key} (${reason}${key === "assets" ? assetsMove(field) : ""})`);
    else edge[key] = field;
  }
  return { ...(Object.keys(worker).length && { worker }), ...(Object.keys(edge).length && { edge }) };
}

/** Workers' static assets from another folder than public/ are not served until they are moved there. */
function assetsMove(assets: unknown): string {
  const directory = (assets as { directory?: unknown } | null)?.directory;
  if (typeof directory !== "string" || /^(\.\/)?public\/?$/.test(directory)) return "";
  return `: move the files of ${directory} into public/`;
}

function stringVars(file: string, vars: Record<string, unknown>, result: Conversion): Record<string, string> {
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => {
      if (typeof value === "string") return [name, value];
      const text = typeof value === "object" ? JSON.stringify(value) : String(value);
      result.changed.push(`${file}: vars.${name}: ${JSON.stringify(value)} became the string ${JSON.stringify(text)} (worker.vars are plain text)`);
      return [name, text];
    }),
  );
}
