/**
 * `sdk dev`: the app generated as the build generates it (development mode), served by Vite's dev
 * server. Components get their library's hot updates in the browser; routes, middleware and
 * pages' server modules are loaded through Vite's module runner, so a saved file is served on the
 * next request; a new or deleted file, a config change or a `.env` change is applied without a
 * restart. Mistakes are reported and the last good version keeps serving.
 */
import path from "node:path";
import { createServer, type ErrorPayload, type Plugin as VitePlugin, type ViteDevServer } from "vite";
import { BUNDLER_CONFIG_FILE, loadBundlerConfig } from "../../build/bundler-config.js";
import { CONFIG_FILE } from "../../compiler/config/load.js";
import { hasNodeTypes } from "../../compiler/project-files.js";
import { error, UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import { hasPages, renderedPages, type AppIR, type Target } from "../../compiler/ir.js";
import { pageSourcePlugins } from "../../bundler/pages-build.js";
import { uiLibrary } from "../../compiler/ui/libraries.js";
import { declaredCrons } from "../../emitters/crons-module.js";
import { DEV_GENERATED_DIR } from "../../emitters/dev.js";
import { usesEmail } from "../../emitters/email-module.js";
import { appMiddleware } from "./app-middleware.js";
import { prepareDevDatabase } from "./database.js";
import { createAppLoader, type AppLoader } from "./app-loader.js";
import { generateDevApp } from "./dev-app.js";
import type { DevLog } from "./dev-log.js";
import { devEndpoints } from "./dev-endpoints.js";
import { INBOX_PATH } from "./email-endpoints.js";
import { remoteMode, type RemoteSummary } from "./remote-mode.js";
import { guardPlugin } from "./guard-plugin.js";
import { missingImportsPlugin } from "./missing-imports.js";
import { cronTriggers, type CronTrigger } from "./triggers.js";
import { applyEnvFile, ENV_FILE, readEnvFile } from "./env-file.js";
import { devViteConfig } from "./vite-config.js";
import { watchRootFiles } from "./root-files-watcher.js";
import { trackExportShapes } from "./export-shape.js";
import { reportTrailingChanges } from "./trailing-changes.js";
import { fileAction } from "./watch-plan.js";
import { pageStyles } from "./page-styles.js";
import { stylesMiddleware } from "./styles-middleware.js";

/** Read by the dev server itself, so watched apart from Vite's module graph. */
const ROOT_FILES = [CONFIG_FILE, BUNDLER_CONFIG_FILE, ENV_FILE];

export interface DevServerOptions {
  root: string;
  port: number;
  host: string;
  target?: Target;
  log: DevLog;
}

export interface DevServer {
  readonly url: string;
  readonly target: Target;
  /** The crons as last read, each with the curl command that fires it. */
  triggers(): CronTrigger[];
  /** The local inbox's page, while the app uses email. */
  inbox(): string | null;
  /** Remote mode's bindings, when it is on: they reach the deployed project's resources. */
  readonly remote: RemoteSummary | null;
  close(): Promise<void>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { root, log } = options;
  const bundlerConfig = await loadBundlerConfig(root);
  const shellEnv = new Set(Object.keys(process.env));
  let envSet = applyEnvFile(readEnvFile(root), new Set(), shellEnv);
  const appOptions = { root, target: options.target, ui: bundlerConfig.ui, nodeTypes: hasNodeTypes(root) };
  const first = await generateDevApp(appOptions);
  if (!first.ok) throw new UserError(first.diagnostics);
  log.diagnostics(first.warnings);
  // Checked before anything starts: a mode that cannot be used stops sdk dev with what is missing.
  const remote = remoteMode(root, first.ir);
  // A remote D1 is the deployed one: `sdk db migrate --remote` migrates it, never a dev start.
  const closeDatabase = remote?.bindings.some((binding) => binding.kind === "d1") ? async () => {} : await prepareDevDatabase(root, first.ir, log);
  let ir: AppIR = first.ir;
  const library = ir.ui ? uiLibrary(ir.ui) : undefined;

  let loader: AppLoader | undefined;
  /** The current server: Cloudflare's plugin restarts Vite when the worker's config changes. */
  let vite: ViteDevServer | undefined;
  const onEdge = ir.target === "edge";

  let regenerating = Promise.resolve();
  let queued = false;
  /** `blocking`: the route table may have changed shape, so requests wait for the new one. */
  const regenerate = (why: string, blocking: boolean) => {
    // One run not yet started reads every change made before it starts.
    if (!queued) queueRegeneration(why);
    if (blocking) loader!.holdRequestsFor(regenerating);
  };
  const queueRegeneration = (why: string) => {
    queued = true;
    regenerating = regenerating.then(async () => {
      queued = false;
      const started = performance.now();
      const result = await generateDevApp(appOptions);
      if (!result.ok) {
        reportDiagnostics(vite!, log, root, result.diagnostics);
        return;
      }
      ir = result.ir;
      log.diagnostics(result.warnings);
      if (result.changed.length) {
        invalidateGenerated(vite!, root, result.changed);
        log.update(`${why}: app regenerated`, performance.now() - started);
      }
    }).catch((cause: unknown) => log.info(`could not regenerate the app: ${(cause as Error).message}`));
    if (!onEdge) void regenerating.then(() => warm(loader!, log, why));
  };

  const shapes = trackExportShapes(root);
  /**
   * A saved route, page or middleware needs a new route table only when its exports changed:
   * otherwise Vite's module graph serves the new code, and a 1000-route app is not analyzed
   * again for every save. The file is read once it has settled (an in-place save truncates, then
   * writes, and the watcher reports only the first of the two).
   */
  const onSourceSaved = (relative: string) => {
    // Requests meanwhile wait (at most the settle time): none may meet a route table that
    // disagrees with the module it routes to.
    loader!.holdRequestsFor(
      settled().then(async () => {
        if (!shapes.changed(relative)) {
          if (!onEdge) void warm(loader!, log, relative);
          return;
        }
        regenerate(relative, true);
        await regenerating;
      }),
    );
  };

  const onFile = (event: string, file: string) => {
    const relative = path.relative(root, file).split(path.sep).join("/");
    switch (fileAction(root, ir.sourceDir, file)) {
      case "convention":
        if (event === "change") return onSourceSaved(relative);
        if (event === "add") shapes.remember([relative]);
        else shapes.forget(relative);
        regenerate(relative, true);
        break;
      case "regenerate":
        regenerate(relative, event !== "change");
        break;
      case "env":
        // On the edge `.env` reaches the worker as vars in the generated wrangler.json.
        if (onEdge) return regenerate(relative, true);
        envSet = applyEnvFile(readEnvFile(root), envSet, shellEnv);
        log.update(".env reloaded", 0);
        break;
      case "restart":
        log.info(`${relative} changed: restart sdk dev to apply it`);
        break;
      case "module":
        if (event === "change" && !onEdge) void warm(loader!, log, relative);
        break;
      case "ignore":
    }
  };
  // A module that does not compile: reported once, in the terminal and as the browser's overlay.
  const reports = {
    onError(error: Error) {
      log.moduleError(error);
      if (vite) showOverlay(vite, { message: error.message, stack: error.stack ?? "", ...locationOf(error) });
    },
    onRecovered() {
      log.info("the app compiles again");
      vite?.environments.client.hot.send({ type: "full-reload" });
    },
  };
  const crons = () => declaredCrons(ir);
  const sdk = devEndpoints({ root, onEdge, ir: () => ir, loader: () => loader!, vite: () => vite!, shell: shellEnv });
  const sdkPlugin: VitePlugin = {
    name: "sdk:dev",
    // After Vite's own middlewares: modules, /@vite/ and the like are Vite's; the rest is the app's.
    configureServer(server) {
      vite = server;
      reportTrailingChanges(server.watcher);
      server.watcher.on("all", (event, file) => {
        if (event === "addDir" || event === "unlinkDir" || ROOT_FILES.includes(path.relative(root, file))) return;
        onFile(event, file);
      });
      // Before Vite's middlewares and the app: /__sdk/ is the dev server's own, on every target.
      server.middlewares.use(sdk.recorder);
      server.middlewares.use(stylesMiddleware((pageId) => stylesOfPage(server, ir, pageId)));
      server.middlewares.use(sdk.endpoints);
      return onEdge ? undefined : () => server.middlewares.use(sdk.recorded(appMiddleware(() => loader!.current())));
    },
  };
  const server = await createServer(
    await devViteConfig({
      root,
      port: options.port,
      host: options.host,
      library,
      sharedPlugins: [...bundlerConfig.plugins, ...pageSourcePlugins(ir, root, () => ir.pages)],
      sdkPlugin,
      guardPlugin: guardPlugin(() => ({ root, sourceDir: ir.sourceDir }), log, onEdge),
      // Loaded for the edge only: it brings Miniflare, about 0.4 s of a node dev server's start.
      runtimePlugins: onEdge ? [missingImportsPlugin(root), await (await import("./edge-runtime.js")).workerdPlugins(root, { host: options.host, port: options.port }, sdk.bridge!.token, remote)] : [],
      onWorkerOutput: (level, message) => sdk.workerOutput(level, message),
      servePublic: onEdge,
      scanEntries: hasPages(ir) ? [`${DEV_GENERATED_DIR}/client-dev.ts`, ...renderedPages(ir).flatMap((page) => [page.file, ...page.layouts])] : [],
    }),
  );
  loader = createAppLoader(() => vite!, root, reports);

  const rootFiles = watchRootFiles(root, ROOT_FILES, (name) => onFile("change", path.join(root, name)));

  await server.listen().catch(async (cause: NodeJS.ErrnoException) => {
    rootFiles.close();
    await server.close();
    await closeDatabase();
    // With strictPort, Vite reports a taken port by message, not by code.
    if (cause.code !== "EADDRINUSE" && !/already in use/.test(cause.message)) throw cause;
    throw new UserError([error("SDK_DEV_PORT_IN_USE", `port ${options.port} is in use`, { hint: `stop what listens there, or pass another one: sdk dev --port ${options.port + 1}` })]);
  });
  const url = (server.resolvedUrls?.local[0] ?? `http://${options.host}:${options.port}/`).replace(/\/$/, "");
  // Compile the app now: the first request is served at once, and a mistake shows before it.
  if (!onEdge) await loader.current();
  shapes.remember(sourceFiles(ir));
  return {
    url,
    target: ir.target,
    triggers: () => cronTriggers(crons(), url),
    inbox: () => (usesEmail(ir) ? `${url}${INBOX_PATH}` : null),
    remote: remote ? { workerName: remote.workerName, bindings: remote.bindings } : null,
    async close() {
      rootFiles.close();
      await regenerating;
      // First: the dashboard's live streams are open requests the HTTP server would wait for.
      await sdk.close();
      await vite!.close();
      await closeDatabase();
    },
  };
}

/** The CSS a page's document carries in its head: its layouts' and its own, as the build links them. */
async function stylesOfPage(server: ViteDevServer, ir: AppIR, pageId: string): Promise<string> {
  const page = renderedPages(ir).find((candidate) => candidate.file === pageId);
  return page ? pageStyles(server.environments.client, [...page.layouts, page.file]) : "";
}

/** How long an in-place save takes to land: a truncate, then the write. */
const SETTLE_MS = 15;
const settled = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** The files whose exports the route table is built from. */
function sourceFiles(ir: AppIR): string[] {
  const pages = ir.notFoundPage ? [...ir.pages, ir.notFoundPage] : ir.pages;
  return [
    ...ir.routes.map((route) => route.file),
    ...ir.middleware.map((middleware) => middleware.file),
    ...pages.flatMap((page) => [page.file, ...(page.serverFile ? [page.serverFile] : []), ...page.layouts]),
  ];
}

/** The generated modules just rewritten, dropped from the module graph before any request loads them. */
function invalidateGenerated(vite: ViteDevServer, root: string, changed: string[]): void {
  const { moduleGraph } = vite.environments.ssr;
  for (const file of changed) {
    for (const module of moduleGraph.getModulesByFile(path.join(root, DEV_GENERATED_DIR, file)) ?? []) moduleGraph.invalidateModule(module);
  }
}

/** Loads the changed app ahead of the next request, reporting how long it took. */
async function warm(loader: AppLoader, log: DevLog, why: string): Promise<void> {
  const started = performance.now();
  await loader.current();
  log.update(`${why} reloaded`, performance.now() - started);
}

function reportDiagnostics(vite: ViteDevServer, log: DevLog, root: string, diagnostics: Diagnostic[]): void {
  log.diagnostics(diagnostics);
  const [first] = diagnostics;
  if (!first) return;
  const file = first.file ? path.join(root, first.file) : undefined;
  showOverlay(vite, { message: `${first.code}: ${first.message}`, stack: "", ...(file ? { id: file, loc: { file, line: first.line ?? 1, column: first.column ?? 1 } } : {}) });
}

/** Vite's error overlay in every open page, until the next update or reload. */
function showOverlay(vite: ViteDevServer, err: ErrorPayload["err"]): void {
  vite.environments.client.hot.send({ type: "error", err });
}

/** Where a Vite or Rollup error points, in the shape Vite's overlay takes. */
function locationOf(error: Error): { id?: string; frame?: string; loc?: { file?: string; line: number; column: number } } {
  const { id, frame, loc } = error as Error & { id?: string; frame?: string; loc?: { file?: string; line: number; column: number } };
  return { ...(id ? { id } : {}), ...(frame ? { frame } : {}), ...(loc ? { loc } : {}) };
}
