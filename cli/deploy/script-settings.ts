/**
 * The script's settings that are not a version's: logpush, tail consumers, observability. A
 * direct upload carries them in its metadata; after a staged release they are patched onto the
 * script, with observability off unless the config turns it on, as wrangler's deploy does
 * (`patchNonVersionedScriptSettings` with `observability ?? { enabled: false }`).
 */
type Json = Record<string, unknown>;

export interface ScriptSettings {
  logpush?: boolean;
  tail_consumers?: Json[];
  observability?: Json;
}

export function scriptSettings(wrangler: Json, via: "upload" | "patch"): ScriptSettings {
  const { logpush, tail_consumers, observability } = wrangler as ScriptSettings;
  return {
    ...(logpush !== undefined && { logpush }),
    ...(tail_consumers !== undefined && { tail_consumers }),
    ...(observability !== undefined ? { observability } : via === "patch" && { observability: { enabled: false } }),
  };
}
