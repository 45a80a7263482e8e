/**
 * The generated modules of an app with pages: `pages.ts` (the server's page table), `client.ts`
 * (the browser entry, one dynamic import per page and layout) and `client-manifest.ts` (what the
 * client build produced, which the documents link).
 */
import { renderedPages, type AppIR, type PageIR } from "../compiler/ir.js";
import { toHonoPattern } from "../compiler/scan/filenames.js";
import type { ClientManifest } from "../runtime/pages/types.js";
import type { SourceLink } from "./app-module.js";
import { renderTemplate } from "./template.js";
import { uiLibrary } from "../compiler/ui/libraries.js";

/** Until the client build has run (and in snapshots): links nothing, loads nothing. */
export const EMPTY_CLIENT_MANIFEST: ClientManifest = { version: "unbuilt", entry: "", pages: {} };

function importPath(link: SourceLink, file: string): string {
  return JSON.stringify(`${link.projectRootFromGenerated}/${file}`);
}

function layoutFiles(ir: AppIR): string[] {
  return [...new Set(renderedPages(ir).flatMap((page) => page.layouts))].sort();
}

function pageEntry(page: PageIR, index: number, layoutIndex: Map<string, number>, indent: string): string {
  const layouts = page.layouts.map((file) => `{ id: ${JSON.stringify(file)}, module: layout${layoutIndex.get(file)} }`);
  return [
    "{",
    `  id: ${JSON.stringify(page.file)},`,
    `  pattern: ${JSON.stringify(toHonoPattern(page.segments))},`,
    `  page: page${index},`,
    ...(page.serverFile ? [`  server: server${index},`] : []),
    `  layouts: [${layouts.join(", ")}],`,
    "}",
  ].map((line) => indent + line).join("\n");
}

export function emitPagesModule(ir: AppIR, link: SourceLink): string {
  const { server } = uiLibrary(ir.ui!).adapters;
  const layouts = layoutFiles(ir);
  const layoutIndex = new Map(layouts.map((file, i) => [file, i]));
  const all = renderedPages(ir);
  const imports = [
    ...layouts.map((file, i) => `import * as layout${i} from ${importPath(link, file)};`),
    ...all.flatMap((page, i) => [
      `import * as page${i} from ${importPath(link, page.file)};`,
      ...(page.serverFile ? [`import * as server${i} from ${importPath(link, page.serverFile)};`] : []),
    ]),
  ];
  const notFound = ir.notFoundPage
    ? `\n\n// pages/404: what a browser sees for a path nothing answers.\nexport const notFoundPage = createNotFoundPage(\n${pageEntry(ir.notFoundPage, ir.pages.length, layoutIndex, "  ")},\n  options,\n);`
    : "";
  return renderTemplate("pages.ts.tpl", {
    runtimeImports: ir.notFoundPage ? "createNotFoundPage, createPageRoutes" : "createPageRoutes",
    serverAdapter: server.export,
    serverAdapterModule: server.module,
    imports: imports.join("\n"),
    pages: ir.pages.length ? `\n${ir.pages.map((page, i) => `${pageEntry(page, i, layoutIndex, "  ")},`).join("\n")}\n` : "",
    head: JSON.stringify(ir.config.head ?? {}),
    production: String(ir.mode === "production"),
    notFoundPage: notFound,
  });
}

function lazyImports(link: SourceLink, files: string[]): string {
  if (files.length === 0) return "";
  return `\n${files.map((file) => `    ${JSON.stringify(file)}: () => import(${importPath(link, file)}),`).join("\n")}\n  `;
}

export function emitClientEntry(ir: AppIR, link: SourceLink): string {
  const { client } = uiLibrary(ir.ui!).adapters;
  return renderTemplate("client.ts.tpl", {
    clientAdapter: client.export,
    clientAdapterModule: client.module,
    pages: lazyImports(link, renderedPages(ir).map((page) => page.file)),
    layouts: lazyImports(link, layoutFiles(ir)),
  });
}

export function emitClientManifest(manifest: ClientManifest): string {
  return renderTemplate("client-manifest.ts.tpl", { manifest: JSON.stringify(manifest, null, 2) });
}
