/**
 * The generated modules of an app with pages: `pages.ts` (the server's page table), `client.ts`
 * (the browser entry, one dynamic import per page and layout) and `client-manifest.ts` (what the
 * client build produced, which the documents link).
 */
import { renderedPages, type AppIR, type PageIR } from "../compiler/ir.js";
import { toHonoPattern } from "../compiler/scan/filenames.js";
import type { ClientManifest } from "../runtime/pages/types.js";
import type { SourceLink } from "./source-link.js";
import { renderTemplate } from "./template.js";
import { uiLibrary } from "../compiler/ui/libraries.js";

function staticImport(link: SourceLink, name: string, file: string): string {
  return `import * as ${name} from ${importPath(link, file)};`;
}

/** `sdk dev` on the edge: each module on its own, so one that does not load stops no other (runtime/dev/pages.ts). */
function devModuleLoad(link: SourceLink, name: string, file: string): string {
  return `const ${name} = await pageModule(${JSON.stringify(file)}, () => import(${importPath(link, file)}));`;
}

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
    `  page: ${pageModule(page, index)},`,
    ...(page.serverFile ? [`  server: server${index},`] : []),
    `  layouts: [${layouts.join(", ")}],`,
    "}",
  ].map((line) => indent + line).join("\n");
}

/** The page file's exports, with those of its `.server.ts` that are the page's own (`head`, `ssr`, ...). */
function pageModule(page: PageIR, index: number): string {
  if (page.serverPageExports.length === 0) return `page${index}`;
  return `{ ...page${index}, ${page.serverPageExports.map((name) => `${name}: server${index}.${name}`).join(", ")} }`;
}

/** `nodeModules`: the server has Node.js's modules and globals (node, Bun, Deno, a worker with nodejs_compat). */
export function emitPagesModule(ir: AppIR, link: SourceLink, nodeModules: boolean): string {
  const { server } = uiLibrary(ir.ui!).adapters;
  const layouts = layoutFiles(ir);
  const layoutIndex = new Map(layouts.map((file, i) => [file, i]));
  const all = renderedPages(ir);
  const load = link.lazyRoutes ? devModuleLoad : staticImport;
  const imports = [
    ...layouts.map((file, i) => load(link, `layout${i}`, file)),
    ...all.flatMap((page, i) => [load(link, `page${i}`, page.file), ...(page.serverFile ? [load(link, `server${i}`, page.serverFile)] : [])]),
  ];
  const notFound = ir.notFoundPage
    ? `\n\n// pages/404: what a browser sees for a path nothing answers.\nexport const notFoundPage = ${link.lazyRoutes ? "devNotFoundPage" : "createNotFoundPage"}(\n${pageEntry(ir.notFoundPage, ir.pages.length, layoutIndex, "  ")},\n  options,\n);`
    : "";
  const [createRoutes, createNotFound, runtimeModule] = link.lazyRoutes ? ["devPageRoutes", "devNotFoundPage", "sdk/runtime/dev/pages"] : ["createPageRoutes", "createNotFoundPage", "sdk/runtime/pages/routes"];
  return renderTemplate("pages.ts.tpl", {
    runtimeImports: [...(ir.notFoundPage ? [createNotFound] : []), createRoutes, ...(link.lazyRoutes ? ["pageModule"] : [])].join(", "),
    runtimeModule,
    createRoutes,
    serverAdapter: server.export,
    serverAdapterModule: (nodeModules && server.withNodeModules) || server.module,
    imports: imports.join("\n"),
    pages: ir.pages.length ? `\n${ir.pages.map((page, i) => `${pageEntry(page, i, layoutIndex, "  ")},`).join("\n")}\n` : "",
    head: JSON.stringify(ir.config.head ?? {}),
    production: String(ir.mode === "production"),
    notFoundPage: notFound,
  });
}

/**
 * The modules every document needs: the layouts all rendered pages share (the root layout, as a
 * rule), and the page itself when it is the only one. The client entry imports them statically,
 * so they ship inside its file: one script fewer to request and unpack on every page.
 */
function entryModules(ir: AppIR): Set<string> {
  const [first, ...others] = renderedPages(ir);
  if (!first) return new Set();
  const shared = new Set(first.layouts.filter((layout) => others.every((page) => page.layouts.includes(layout))));
  if (others.length === 0) shared.add(first.file);
  return shared;
}

/** A module of the client entry's tables: its file, and the name it is imported as when the entry carries it. */
interface EntryModule {
  file: string;
  name: string | null;
}

function entryTable(files: string[], kind: "layout" | "page", inEntry: Set<string>): EntryModule[] {
  return files.map((file, index) => ({ file, name: inEntry.has(file) ? `${kind}${index}` : null }));
}

/** One line per module: a static import's value, or an `import()` of a module loaded on demand. */
function moduleTable(link: SourceLink, modules: EntryModule[]): string {
  if (modules.length === 0) return "";
  const lines = modules.map(({ file, name }) =>
    name === null ? `    ${JSON.stringify(file)}: () => import(${importPath(link, file)}),` : `    ${JSON.stringify(file)}: async () => ({ default: ${name} }),`,
  );
  return `\n${lines.join("\n")}\n  `;
}

export function emitClientEntry(ir: AppIR, link: SourceLink): string {
  const { client } = uiLibrary(ir.ui!).adapters;
  const inEntry = entryModules(ir);
  const layouts = entryTable(layoutFiles(ir), "layout", inEntry);
  const pages = entryTable(renderedPages(ir).map((page) => page.file), "page", inEntry);
  const imports = [...layouts, ...pages].flatMap(({ file, name }) => (name === null ? [] : [`\nimport ${name} from ${importPath(link, file)};`]));
  return renderTemplate("client.ts.tpl", {
    clientAdapter: client.export,
    clientAdapterModule: client.module,
    imports: imports.join(""),
    pages: moduleTable(link, pages),
    layouts: moduleTable(link, layouts),
  });
}

export function emitClientManifest(manifest: ClientManifest): string {
  return renderTemplate("client-manifest.ts.tpl", { manifest: JSON.stringify(manifest, null, 2) });
}
