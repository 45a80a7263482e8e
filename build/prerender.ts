/**
 * Prerendering: `routing.prerender` paths and prerendered pages are answered once at build time
 * by the app itself (its generated modules, bundled for Node), and served from dist/client as
 * assets from then on. `/about` is written as `about.html`, `/docs/` as `docs/index.html`, as the
 * edge's asset layer looks them up; a page's navigation JSON is written beside it
 * (`about/__data.json`), so a static host serves client navigations too.
 *
 * With `output: "server"` a path whose build-time answer fails after reading what only the running
 * app has (a binding, a secret, an unset environment variable: prerender-reads.ts) is deferred,
 * not refused: the running app renders it with its real bindings and ISR keeps it until the next
 * build (`sdk deploy` renders it on the uploaded version before traffic moves; node, bun and deno
 * at its first request). `output: "static"` has no later moment, so there it stays an error.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "rollup";
import { bundleTarget } from "../bundler/bundle-target.js";
import { pageSourcePlugins, serverBundleUi } from "../bundler/pages-build.js";
import { error, warning, type Diagnostic } from "../compiler/diagnostics.js";
import { hasPages, type AppIR, type AssetIR } from "../compiler/ir.js";
import { contentTypeFor } from "../compiler/scan/mime.js";
import { strongEtag } from "../compiler/scan/public.js";
import { PRESETS, type TargetPreset } from "../compiler/targets.js";
import { dataUrlFor } from "../runtime/pages/data-url.js";
import type { PageDefinition } from "../runtime/pages/types.js";
import { planPagePrerender } from "./prerender-pages.js";
import { prerenderPlatformModules } from "./prerender-platform.js";
import { watchReads, type WatchedReads } from "./prerender-reads.js";

/** A path the running app prerenders, as the build found it. */
export interface DeferredPrerender {
  path: string;
  /** A page's navigation JSON (`/about/__data.json`) is kept beside it. */
  withData: boolean;
  /** Where it comes from: the page file, or `sdk.config.ts routing.prerender[0]`. */
  source: string;
  /** What it read that the build does not have: `DB`, `process.env.DATABASE_URL`. */
  reads: string[];
}

export interface PrerenderResult {
  assets: AssetIR[];
  deferred: DeferredPrerender[];
  diagnostics: Diagnostic[];
}

const OUT_DIR = ".sdk/prerender";

/** The file a path is written to, relative to dist/client. */
export function prerenderFile(urlPath: string): string {
  if (urlPath.endsWith("/")) return `${urlPath.slice(1)}index.html`;
  return path.posix.extname(urlPath) ? urlPath.slice(1) : `${urlPath.slice(1)}.html`;
}

/** Whether the build must look for anything to prerender before bundling the app for it. */
export function mayPrerender(ir: AppIR): boolean {
  if (ir.config.routing?.prerender?.length) return true;
  return ir.config.output === "static" ? hasPages(ir) : ir.pages.some((page) => page.mayPrerender);
}

interface BuiltApp {
  app: { fetch(request: Request): Response | Promise<Response> };
  pages?: readonly PageDefinition[];
}

/** One path to answer, and where a failure is reported. */
interface Job {
  path: string;
  /** A page's navigation JSON is written beside its HTML. */
  withData: boolean;
  where: Pick<Diagnostic, "file" | "configPath">;
}

/** `userPlugins`: bundler.config.ts's, which the prerendered pages need as the served ones do. */
export async function prerender(root: string, ir: AppIR, generatedDir: string, userPlugins: Plugin[] = []): Promise<PrerenderResult> {
  const diagnostics: Diagnostic[] = [];
  const jobs: Job[] = configuredJobs(ir, diagnostics);
  const outDir = path.join(root, OUT_DIR);
  rmSync(outDir, { recursive: true, force: true });
  const built = await bundleApp(root, ir, generatedDir, outDir, userPlugins);
  if (built.pages) {
    const plan = await planPagePrerender(built.pages, ir);
    diagnostics.push(...plan.diagnostics);
    for (const { page, paths } of plan.pages) jobs.push(...paths.map((urlPath) => ({ path: urlPath, withData: true, where: { file: page } })));
  }
  const assets: AssetIR[] = [];
  const write = async (urlPath: string, response: Response, file: string) => {
    const content = new Uint8Array(await response.arrayBuffer());
    const source = path.join(outDir, "pages", file);
    mkdirSync(path.dirname(source), { recursive: true });
    writeFileSync(source, content);
    const type = response.headers.get("content-type") ?? contentTypeFor(file);
    assets.push({ path: `/${file}`, file: `${OUT_DIR}/pages/${file}`, size: content.length, type, etag: strongEtag(content) });
  };
  const deferred: DeferredPrerender[] = [];
  const answer = (urlPath: string, headers: HeadersInit = {}) => watchedFetch(built, new Request(new URL(urlPath, "http://localhost"), { headers }));
  for (const job of jobs) {
    const { response: html, seen } = await answer(job.path, { Accept: "text/html" });
    if (html.status !== 200) {
      if (ir.config.output !== "static" && seen.reads.length > 0) {
        deferred.push({ path: job.path, withData: job.withData, source: job.where.configPath ? `${job.where.file} ${job.where.configPath}` : job.where.file!, reads: seen.reads });
        continue;
      }
      diagnostics.push(error("SDK_PRERENDER_FAILED", `prerendering ${job.path} answered ${html.status}, not 200${failureDetail(seen)}`, {
        ...job.where,
        hint: seen.reads.length > 0
          ? "output: \"static\" renders every page at build, where no binding or secret exists: read them only in pages that export prerender = false, or use output: \"server\""
          : "prerender only paths the app answers with 200, or fix the route",
      }));
      continue;
    }
    if (seen.reads.length > 0) diagnostics.push(madeWithout(job, seen.reads, ir.config.output === "static"));
    await write(job.path, html, prerenderFile(job.path));
    if (!job.withData) continue;
    const { response: data } = await answer(dataUrlFor(job.path));
    await write(job.path, data, dataUrlFor(job.path).slice(1));
  }
  return { assets, deferred, diagnostics };
}

/** The app's answer, with what it read on the way (and its logged failure kept off the build's output). */
async function watchedFetch(built: BuiltApp, request: Request): Promise<{ response: Response; seen: WatchedReads }> {
  const watch = watchReads();
  let response: Response;
  try {
    response = await built.app.fetch(request);
  } catch (cause) {
    response = new Response(String(cause), { status: 500 });
  }
  return { response, seen: watch.stop() };
}

/** A page that read a binding or secret and still answered 200 at build: its HTML was made without them. */
function madeWithout(job: Job, reads: string[], isStatic: boolean): Diagnostic {
  return warning("SDK_PRERENDER_WITHOUT_BINDINGS", `${job.path} was prerendered at build although it read ${reads.join(", ")}, which the build does not have: its HTML was made without them`, {
    ...job.where,
    hint: isStatic
      ? "export prerender = false on the page to render it per request with its bindings"
      : "throw when the value is missing (the build then leaves the page to sdk deploy, which renders it with the real bindings), or export prerender = false",
  });
}

function failureDetail(seen: WatchedReads): string {
  const parts = [seen.firstError && `: ${seen.firstError}`, seen.reads.length > 0 && ` (it read ${seen.reads.join(", ")}, which the build does not have)`];
  return parts.filter(Boolean).join("");
}

/** `routing.prerender`, unless `routing.isr: false` turns it off. */
function configuredJobs(ir: AppIR, diagnostics: Diagnostic[]): Job[] {
  const paths = ir.config.routing?.prerender ?? [];
  if (paths.length === 0) return [];
  if (ir.config.routing?.isr === false) {
    diagnostics.push(warning("SDK_PRERENDER_OFF", "routing.prerender is ignored because routing.isr is false", {
      file: "sdk.config.ts",
      configPath: "routing.prerender",
      hint: "remove routing.isr: false to prerender these paths, or remove routing.prerender",
    }));
    return [];
  }
  return paths.map((urlPath, index) => ({ path: urlPath, withData: false, where: { file: "sdk.config.ts", configPath: `routing.prerender[${index}]` } }));
}

/**
 * Node runs the bundle, resolved as the target resolves its packages, so a prerendered page is
 * what the target serves (an edge app's packages take their workerd builds, which run in Node too).
 */
function prerenderPreset(ir: AppIR): TargetPreset {
  return { ...PRESETS.node, exportConditions: PRESETS[ir.target].exportConditions };
}

/** The generated app (and page table) bundled for Node and imported here. */
async function bundleApp(root: string, ir: AppIR, generatedDir: string, outDir: string, userPlugins: Plugin[]): Promise<BuiltApp> {
  const entry = path.join(outDir, "entry.ts");
  mkdirSync(outDir, { recursive: true });
  const exports = [`export { app } from ${JSON.stringify(path.join(generatedDir, "app.ts"))};`];
  if (hasPages(ir)) exports.push(`export { pages } from ${JSON.stringify(path.join(generatedDir, "pages.ts"))};`);
  writeFileSync(entry, `${exports.join("\n")}\n`);
  await bundleTarget({ root, entry, outDir: path.join(outDir, "app"), preset: prerenderPreset(ir), ui: serverBundleUi(root, ir), userPlugins: [prerenderPlatformModules(), ...userPlugins, ...pageSourcePlugins(ir, root)] });
  return (await import(`${pathToFileURL(path.join(outDir, "app", "index.mjs")).href}?t=${Date.now()}`)) as BuiltApp;
}
