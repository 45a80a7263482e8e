/**
 * `routing.prerender`: each listed path is answered once at build time by the app itself
 * (its generated app module, bundled for Node), and the HTML is served from dist/client as an
 * asset from then on. `/about` is written as `about.html`, `/docs/` as `docs/index.html`, as the
 * edge's asset layer would look them up.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PRESETS } from "../emitters/targets.js";
import { bundleTarget } from "./bundle.js";
import { error, warning, type Diagnostic } from "./diagnostics.js";
import type { AppIR, AssetIR } from "./ir.js";
import { contentTypeFor } from "./scan/mime.js";
import { strongEtag } from "./scan/public.js";

export interface PrerenderResult {
  assets: AssetIR[];
  diagnostics: Diagnostic[];
}

const OUT_DIR = ".sdk/prerender";

/** The file a path is written to, relative to dist/client. */
export function prerenderFile(urlPath: string): string {
  if (urlPath.endsWith("/")) return `${urlPath.slice(1)}index.html`;
  return path.posix.extname(urlPath) ? urlPath.slice(1) : `${urlPath.slice(1)}.html`;
}

interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

export async function prerender(root: string, ir: AppIR, generatedDir: string): Promise<PrerenderResult> {
  const paths = ir.config.routing?.prerender ?? [];
  if (paths.length === 0) return { assets: [], diagnostics: [] };
  if (ir.config.routing?.isr === false) {
    return {
      assets: [],
      diagnostics: [warning("SDK_PRERENDER_OFF", "routing.prerender is ignored because routing.isr is false", {
        file: "sdk.config.ts",
        configPath: "routing.prerender",
        hint: "remove routing.isr: false to prerender these paths, or remove routing.prerender",
      })],
    };
  }
  const outDir = path.join(root, OUT_DIR);
  rmSync(outDir, { recursive: true, force: true });
  await bundleTarget({ root, entry: path.join(generatedDir, "app.ts"), outDir: path.join(outDir, "app"), preset: PRESETS.node });
  const { app } = (await import(`${pathToFileURL(path.join(outDir, "app", "index.mjs")).href}?t=${Date.now()}`)) as { app: FetchApp };
  const assets: AssetIR[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [index, urlPath] of paths.entries()) {
    const response = await app.fetch(new Request(new URL(urlPath, "http://localhost")));
    if (response.status !== 200) {
      diagnostics.push(error("SDK_PRERENDER_FAILED", `prerendering ${urlPath} answered ${response.status}, not 200`, {
        file: "sdk.config.ts",
        configPath: `routing.prerender[${index}]`,
        hint: "prerender only paths the app answers with 200, or fix the route",
      }));
      continue;
    }
    const content = new Uint8Array(await response.arrayBuffer());
    const file = prerenderFile(urlPath);
    const source = path.join(outDir, "pages", file);
    mkdirSync(path.dirname(source), { recursive: true });
    writeFileSync(source, content);
    assets.push({
      path: `/${file}`,
      file: `${OUT_DIR}/pages/${file}`,
      size: content.length,
      type: response.headers.get("content-type") ?? contentTypeFor(file),
      etag: strongEtag(content),
    });
  }
  return { assets, diagnostics };
}
