/**
 * Remote mode's bindings in the dev worker. Each time Cloudflare's Vite plugin reads the
 * generated wrangler.json, this customizer takes the remote bindings' local D1, KV and R2 entries
 * out of the config it read and puts in their place unsafe bindings that
 * cli/dev/remote-bindings-plugin.ts serves. Only the config in memory changes: the token is
 * written to no file. A binding the app no longer has is left out.
 */
import type { WorkerConfig } from "@cloudflare/vite-plugin";
import { REMOTE_PLUGIN, REMOTE_PLUGIN_MODULE, type RemoteBindingOptions, type RemoteKind } from "./remote-bindings-plugin.js";
import type { RemoteBinding, RemoteTarget } from "./remote-mode.js";

const DESCRIBED: Record<RemoteKind, string> = { d1: "D1 database", kv: "KV namespace", r2: "R2 bucket" };

export function remoteBindingsConfig(target: RemoteTarget): (config: WorkerConfig) => Partial<WorkerConfig> {
  return (config) => {
    const entries: Record<RemoteKind, { binding: string }[]> = { d1: config.d1_databases, kv: config.kv_namespaces, r2: config.r2_buckets };
    const remote = target.bindings.filter(({ kind, binding }) => entries[kind].some((entry) => entry.binding === binding));
    const local = <Entry extends { binding: string }>(kind: RemoteKind, list: Entry[]) => list.filter((entry) => !remote.some((b) => b.kind === kind && b.binding === entry.binding));
    config.d1_databases = local("d1", config.d1_databases);
    config.kv_namespaces = local("kv", config.kv_namespaces);
    config.r2_buckets = local("r2", config.r2_buckets);
    return { unsafe: { bindings: remote.map((binding) => unsafeBinding(target, binding)) } };
  };
}

/** wrangler hands `dev.options` to the plugin that `dev.plugin` names (Miniflare's external plugins). */
function unsafeBinding(target: RemoteTarget, { kind, binding, resource }: RemoteBinding) {
  const options: RemoteBindingOptions = {
    kind,
    apiBaseUrl: target.apiBaseUrl,
    accountId: target.accountId,
    resource,
    token: target.token,
    description: `sdk dev's remote ${DESCRIBED[kind]} ${resource} (binding ${binding})`,
  };
  return { name: binding, type: `sdk_remote_${kind}`, dev: { plugin: { package: REMOTE_PLUGIN_MODULE, name: REMOTE_PLUGIN }, options } };
}
