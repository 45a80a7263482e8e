/**
 * The Vite dev server's configuration, built from the app's UI library: its own Vite plugin, set
 * up by compiler/ui/<library>.ts with the options the build compiles with, plus the Rollup plugins
 * the build shares (Markdown pages, bundler.config.ts). No vite.config file is read: the app's
 * build settings live in sdk.config.ts and bundler.config.ts, for dev and build alike.
 */
import { createLogger, type InlineConfig, type Logger, type Plugin as VitePlugin, type PluginOption } from "vite";
import type { Plugin } from "rollup";
import { cssModulesOptions } from "../../compiler/css/scoped-names.js";
import type { UiLibrary } from "../../compiler/ui/library.js";
import { scanJsxPlugin } from "./scan-jsx.js";

export interface DevViteOptions {
  root: string;
  port: number;
  host: string;
  library?: UiLibrary;
  /** Markdown pages and bundler.config.ts's plugins, as the build runs them. */
  sharedPlugins: Plugin[];
  /** The dev server's own plugin (routes, watching, the app middleware). */
  sdkPlugin: VitePlugin;
  /** What refuses secrets and server-only modules before any of Vite's middlewares (served-files.ts). */
  guardPlugin: VitePlugin;
  /** What runs the app: nothing more on node (the module runner in this process), workerd's plugin on the edge. */
  runtimePlugins: PluginOption[];
  /** public/ served by Vite itself (the edge's asset layer); on node the app's handler serves it, as the build does. */
  servePublic: boolean;
  /** Files whose imports Vite scans up front, so the first page load does not reload for new dependencies. */
  scanEntries: string[];
  /** Each line the worker prints on the edge, as it reaches the logger, for the dashboard. */
  onWorkerOutput?(level: "log" | "warn" | "error", message: string): void;
}

/** Vite's own default, which a `deny` of ours replaces. */
const VITE_DENIED = [".env", ".env.*", "*.{crt,pem}", "**/.git/**"];
/** Local platform state, other secrets and lock files: served-files.ts refuses them on every path; Vite's check is a second line. */
const DENIED_FILES = ["**/.sdk/state/**", ".dev.vars", ".dev.vars.*", "*.key", ".npmrc", "sdk.lock.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock", "bun.lock", "bun.lockb"];

export async function devViteConfig(options: DevViteOptions): Promise<InlineConfig> {
  const { library } = options;
  const uiPlugins: PluginOption[] = library ? [...(await library.dev.vitePlugins()), scanJsxPlugin(library.compile.jsx("development"))] : [];
  // Vite sets process.env.NODE_ENV itself, from the mode.
  const { "process.env.NODE_ENV": _mode, ...define } = library?.compile.define("development") ?? {};
  return {
    configFile: false,
    envDir: false,
    root: options.root,
    mode: "development",
    appType: "custom",
    clearScreen: false,
    customLogger: quietSsrErrors(options.onWorkerOutput),
    // fs.deny as well as our guard: Vite checks it where it resolves a file for a module too.
    server: { port: options.port, host: options.host, strictPort: true, fs: { strict: true, deny: [...VITE_DENIED, ...DENIED_FILES] } },
    publicDir: options.servePublic ? "public" : false,
    plugins: [options.guardPlugin, ...uiPlugins, ...(options.sharedPlugins as PluginOption[]), options.sdkPlugin, ...options.runtimePlugins],
    define,
    // CSS modules' classes named as the build names them, so a page keeps its names from dev to production.
    css: { modules: cssModulesOptions(options.root) },
    // The `solid` and `svelte` export conditions come with those libraries' plugins.
    resolve: { dedupe: library ? [...library.dedupe] : [] },
    // Our runtime ships `.svelte` files and must share the app's copy of its UI library: Vite
    // compiles it as the app's own code on the server and serves it unbundled to the browser.
    ssr: { noExternal: ["sdk"] },
    optimizeDeps: { exclude: ["sdk"], include: library ? [...library.dev.optimizeDeps] : [], entries: options.scanEntries },
  };
}

/**
 * Vite's warnings and errors, less its report of an app module that failed to load: the dev
 * server reports those itself, located and once, and keeps the last good version serving. On the
 * edge, Cloudflare's plugin hands workerd's `console.log`, `info` and `debug` to this logger's
 * `info` (its `warn` and `error` to theirs): they pass, as they do on node. Vite's own info lines
 * (`page reload`, `hmr update`, a restart) all carry a timestamp and stay out, as they did when
 * this logger's level was `warn`, and so does the module runner's `[vite] hot updated` from inside
 * workerd: the dev server prints its own update lines.
 */
function quietSsrErrors(onOutput: DevViteOptions["onWorkerOutput"] = () => {}): Logger {
  const logger = createLogger("info");
  const error = logger.error.bind(logger);
  const warn = logger.warn.bind(logger);
  const info = logger.info.bind(logger);
  logger.error = (message, options) => {
    onOutput("error", message);
    if (!message.includes("Error when evaluating SSR module")) error(message, options);
  };
  logger.warn = (message, options) => {
    onOutput("warn", message);
    warn(message, options);
  };
  logger.info = (message, options) => {
    if (options?.timestamp || message.startsWith("[vite] ")) return;
    onOutput("log", message);
    info(message, options);
  };
  return logger;
}
