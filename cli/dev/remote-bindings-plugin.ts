/**
 * The Miniflare plugin behind remote mode's bindings. Cloudflare's Vite plugin offers no way to
 * give its Miniflare a wrapped binding, but it passes on wrangler's `unsafe.bindings` that name a
 * local-dev plugin, and Miniflare imports that plugin by its path: this module
 * (cli/dev/remote-bindings.ts names it). Each binding becomes a workerd wrapped binding, one of
 * the modules of emitters/templates/remote-*.js.tpl, given the API's base URL, the account, the
 * resource and the token as inner bindings: the token lives in memory, never in a file.
 */
import { fileURLToPath } from "node:url";
import { renderTemplate } from "../../emitters/template.js";

export const REMOTE_PLUGIN = "sdk-remote";
/** The path Miniflare imports this module by: `.ts` when the CLI runs from source, `.js` when built. */
export const REMOTE_PLUGIN_MODULE = fileURLToPath(import.meta.url);

export type RemoteKind = "d1" | "kv" | "r2";

/** One binding's module and what it is given; JSON (a type, not an interface), as wrangler's config carries it. */
export type RemoteBindingOptions = {
  kind: RemoteKind;
  apiBaseUrl: string;
  accountId: string;
  /** The database id, namespace id or bucket name. */
  resource: string;
  token: string;
  /** Opens the binding's error messages: `remote D1 database <id> (binding DB)`. */
  description: string;
};

/** How Miniflare hands a worker's unsafe bindings of this plugin over. */
interface UnsafeBinding {
  name: string;
  options: RemoteBindingOptions;
}

const API_MODULE = "sdk-remote:api";
const MODULES: Record<RemoteKind, { name: string; template: string }> = {
  d1: { name: "sdk-remote:d1", template: "remote-d1.js.tpl" },
  kv: { name: "sdk-remote:kv", template: "remote-kv.js.tpl" },
  r2: { name: "sdk-remote:r2", template: "remote-r2.js.tpl" },
};

/** workerd's wrapped binding: the module's default export, called with the inner bindings, is the binding. */
function wrappedBinding({ name, options }: UnsafeBinding) {
  const { kind, ...inner } = options;
  return {
    name,
    wrapped: { moduleName: MODULES[kind].name, innerBindings: Object.entries(inner).map(([key, text]) => ({ name: key, text })) },
  };
}

/** Internal modules: importable by wrapped bindings only, never by the app. */
function extensionModules() {
  return [
    { name: API_MODULE, esModule: renderTemplate("remote-api.js.tpl", {}), internal: true },
    ...Object.values(MODULES).map(({ name, template }) => ({ name, esModule: renderTemplate(template, {}), internal: true })),
  ];
}

/** Miniflare's external plugin interface: the export it looks for is `plugins`, by plugin name. */
export const plugins = {
  [REMOTE_PLUGIN]: {
    getBindings: (bindings: UnsafeBinding[] | undefined) => (bindings ?? []).map(wrappedBinding),
    // Only workerd's workers use the bindings; Node's proxies to them are never asked for.
    getNodeBindings: () => ({}),
    getServices: () => [],
    getExtensions: ({ options }: { options: (UnsafeBinding[] | undefined)[] }) => (options.some((bindings) => bindings?.length) ? [{ modules: extensionModules() }] : []),
  },
};
