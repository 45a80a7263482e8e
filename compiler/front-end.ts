/**
 * The compiler front end: project folder -> AppIR. It locates the conventions, parses the app's
 * modules once, scans each convention, orders routes by specificity, infers bindings and runs the
 * validation passes. User mistakes end up in `ir.diagnostics`; the caller decides whether to stop.
 * A folder with no app in it stops at once (UserError): it has nothing to scan or report on.
 */
import type { SdkConfig } from "./config/define.js";
import { sortDiagnostics, UserError } from "./diagnostics.js";
import type { AppIR, BindingIR, DatabaseIR, BuildMode, SandboxIR, Target, UiLibraryName } from "./ir.js";
import { authOf } from "./auth/auth-ir.js";
import { authTableConflicts } from "./auth/table-conflicts.js";
import { databaseOf } from "./db/database-ir.js";
import { durableStateOf } from "./durable-state/durable-state-ir.js";
import type { LoadedEnv } from "./env/load.js";
import { detectAppType } from "./inference/app-type.js";
import { addScanDirs, bindingImports, inferBindings } from "./inference/bindings.js";
import { detectUiLibrary } from "./inference/ui-library.js";
import { createScanProject } from "./scan/scan-project.js";
import type { ScanContext } from "./scan/context.js";
import { addAppSources, collectSdkImports, collectSyntaxErrors } from "./scan/imports.js";
import { scanJobs } from "./scan/jobs.js";
import { scanMiddleware } from "./scan/middleware.js";
import { scanPages } from "./scan/pages.js";
import { sandboxOf } from "./sandbox/sandbox-ir.js";
import { resolveProjectLayout } from "./scan/project.js";
import { scanPublic } from "./scan/public.js";
import { collectQueueSends } from "./scan/queue-sends.js";
import { scanRoutes } from "./scan/routes.js";
import { resolveRouting } from "./routing/resolve.js";
import { sortBySpecificity } from "./specificity.js";
import { validateAppPresent } from "./validate/app-present.js";
import { unconvertedConfigWarnings } from "./config/unconverted.js";
import { validateEdgeClasses } from "./validate/edge-classes.js";
import { validateIR } from "./validate/index.js";

export interface FrontEndOptions {
  config: SdkConfig;
  target: Target;
  mode: BuildMode;
  /** `sdkPlugin({ ui })` from bundler.config.ts, for apps whose dependencies hold two libraries. */
  ui?: UiLibraryName;
  /** env.ts as `loadEnv` read it (it is evaluated, so read before this synchronous pass). */
  env?: LoadedEnv;
  /** Keep what is read of each module in `.sdk/cache/scan.json`, and answer from it (scan-cache.ts). */
  scanCache?: boolean;
}

export function buildIR(root: string, options: FrontEndOptions): AppIR {
  const { config, target, mode } = options;
  const { layout, diagnostics: layoutDiagnostics } = resolveProjectLayout(root, config);
  const { appType, reason: appTypeReason } = detectAppType(root, config, layout);
  const noApp = validateAppPresent(layout, appType);
  if (noApp.length > 0) throw new UserError(noApp);

  const project = createScanProject(layout.root, { cache: options.scanCache });
  addAppSources(project, layout, mode);
  const scanDirDiagnostics = addScanDirs(project, layout.root, config, mode);
  const syntax = collectSyntaxErrors(project, layout.root);
  const ctx: ScanContext = { layout, project, mode, brokenFiles: syntax.brokenFiles };

  const routes = scanRoutes(ctx);
  const middleware = scanMiddleware(ctx);
  const pages = scanPages(ctx);
  const { diagnostics: jobDiagnostics, ...jobs } = scanJobs(ctx);
  const sdkImports = collectSdkImports(project, layout.root);
  const inferringImports = bindingImports(sdkImports, config);
  const auth = authOf(layout, config, sdkImports, target);
  const database = databaseOf(layout, config, inferringImports, target, auth);
  const sandbox = sandboxOf(config, inferringImports, target);
  const bindings = withSandboxBinding(withDatabaseBinding(inferBindings(inferringImports, config), database), sandbox);
  const websockets = sortBySpecificity(routes.websockets);
  const durable = durableStateOf({ root: layout.root, target, jobs: { durableObjects: jobs.durableObjects, websockets }, sandbox, bindings });
  const ui = detectUiLibrary(root, pages.notFoundPage ? [...pages.pages, pages.notFoundPage] : pages.pages, options.ui);

  const assets = scanPublic(layout.publicDir);
  const ir: AppIR = {
    version: 1,
    target,
    mode,
    appType,
    appTypeReason,
    sourceDir: layout.sourceDir,
    config,
    routes: sortBySpecificity(routes.routes),
    middleware: middleware.middleware,
    pages: sortBySpecificity(pages.pages),
    notFoundPage: pages.notFoundPage,
    ui: ui.ui,
    jobs: { ...jobs, websockets },
    bindings,
    database,
    auth,
    sandbox,
    env: options.env?.env ?? null,
    durableState: durable.durableState,
    assets,
    routing: resolveRouting({ config, appType, assets }),
    sdkImports,
    queueSends: collectQueueSends(project, layout.root),
    diagnostics: [],
  };
  ir.diagnostics = sortDiagnostics([
    ...layoutDiagnostics,
    ...unconvertedConfigWarnings(layout.root),
    ...scanDirDiagnostics,
    ...syntax.diagnostics,
    ...routes.diagnostics,
    ...middleware.diagnostics,
    ...pages.diagnostics,
    ...ui.diagnostics,
    ...jobDiagnostics,
    ...durable.diagnostics,
    ...authTableConflicts(project, layout.root, auth ? layout.conventions.db : undefined),
    ...(options.env?.diagnostics ?? []),
    ...validateIR(ir),
    ...validateEdgeClasses(layout.root, ir),
  ]);
  project.saveCache();
  return ir;
}

function withSandboxBinding(bindings: BindingIR[], sandbox: SandboxIR | null): BindingIR[] {
  return sandbox ? [...bindings, { kind: "sandbox", name: sandbox.binding, source: sandbox.source }] : bindings;
}

/** Auth and checked-in migrations need the database's binding even when `inference.bindings.db` is false. */
function withDatabaseBinding(bindings: BindingIR[], database: DatabaseIR | null): BindingIR[] {
  if (!database || bindings.some((binding) => binding.kind === "db")) return bindings;
  return [...bindings, { kind: "db", name: database.binding, source: database.source }];
}
