/**
 * The multipart body of a worker upload: a `metadata` part (entry, compatibility, bindings,
 * limits, placement, assets, durable-state migrations, and on a direct upload the script's own
 * settings) and one part per module. The same description is what `--dry-run` writes, so the
 * artifact on disk is exactly what would be sent.
 */
import { assetsConfig, metadataBindings, type AssetRules, type MetadataBinding } from "./bindings.js";
import type { DurableMigrationStep } from "./durable-migrations.js";
import { scriptSettings, type ScriptSettings } from "./script-settings.js";
import type { WorkerModule } from "./worker-modules.js";

type Json = Record<string, unknown>;

export interface UploadMetadata extends ScriptSettings {
  main_module: string;
  compatibility_date: string;
  compatibility_flags: string[];
  bindings: MetadataBinding[];
  /** Secrets set with `sdk secret put` stay on the worker; a deploy never sends their values. */
  keep_bindings: string[];
  /** As the config has it, as wrangler sends it: `cpu_ms`, and `subrequests` where the platform takes it. */
  limits?: { cpu_ms?: number; subrequests?: number };
  placement?: Json;
  assets?: { jwt: string; config: Json };
  migrations?: { old_tag?: string; new_tag: string; steps: DurableMigrationStep[] };
  annotations?: Json;
}

export interface UploadInputs {
  wrangler: Json;
  remoteSecrets: ReadonlySet<string>;
  assetsJwt?: string;
  assetRules?: AssetRules;
  migrations?: UploadMetadata["migrations"];
  message: string;
  /**
   * A version upload (staged) carries only what a version has; the script's settings (logpush,
   * tail consumers, observability) follow with the settings call, as wrangler's versions path does.
   */
  version?: boolean;
}

export function uploadMetadata({ wrangler, remoteSecrets, assetsJwt, assetRules, migrations, message, version }: UploadInputs): UploadMetadata {
  const limits = wrangler.limits as UploadMetadata["limits"];
  const placement = wrangler.placement as Json | undefined;
  return {
    main_module: String(wrangler.main ?? "index.mjs"),
    compatibility_date: String(wrangler.compatibility_date),
    compatibility_flags: (wrangler.compatibility_flags as string[] | undefined) ?? [],
    bindings: metadataBindings(wrangler, remoteSecrets),
    keep_bindings: ["secret_text", "secret_key"],
    ...(limits && Object.keys(limits).length > 0 && { limits }),
    ...(placement && { placement }),
    ...(!version && scriptSettings(wrangler, "upload")),
    ...(assetsJwt && { assets: { jwt: assetsJwt, config: assetsConfig(wrangler, assetRules) } }),
    ...(migrations && { migrations }),
    annotations: { "workers/message": message },
  };
}

export function uploadForm(metadata: UploadMetadata, modules: readonly WorkerModule[]): FormData {
  const form = new FormData();
  form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }));
  for (const module of modules) form.append(module.name, new Blob([new Uint8Array(module.bytes)], { type: module.contentType }), module.name);
  return form;
}
