/**
 * What a page's modules must export: a page component its default export, a `.server.ts` a
 * `loader`, an `action` or `actions`, each built with `defineHandler` (so the runtime can tell a
 * handler from a plain value, as it does for API routes), or a page-level export (page-exports.ts).
 * Markdown pages are compiled, not read.
 */
import { error, warning, type Diagnostic } from "../diagnostics.js";
import type { HttpMethod } from "../ir.js";
import { collectExports, isKeyValueProperty, locationOf, propertyNameText, unwrapExpression, type ModuleExport } from "./ast.js";
import { isPageLevelExport, pageLevelNames, streamTimeoutProblem, type PageLevelExport, type ServerPageExport } from "./page-exports.js";
import type { ParsedModule } from "./parser.js";
import { handlerProblem } from "./routes.js";

const SERVER_EXPORTS = ["loader", "action", "actions"];

export interface PageComponentScan {
  diagnostics: Diagnostic[];
  /** Its `head`, `prerender`, `ssr`, `getPrerenderPaths` and `streamTimeout`, those it exports. */
  pageExports: PageLevelExport[];
}

export function scanPageComponent(module: ParsedModule, root: string): PageComponentScan {
  const { exports } = collectExports(module);
  const names = exports.map((entry) => entry.name);
  const pageExports = pageLevelNames(names);
  const timeouts = exports.flatMap((entry) => streamTimeoutProblem(module, entry, root) ?? []);
  if (names.includes("default")) return { diagnostics: timeouts, pageExports };
  const missing = error("SDK_PAGE_NO_COMPONENT", "A page file must default-export its component.", {
    ...locationOf(root, module, module.program),
    hint: "Add `export default function Page(props) { ... }`, or prefix the file with `_` if it is not a page.",
  });
  return { diagnostics: [missing, ...timeouts], pageExports };
}

export interface ServerModuleScan {
  methods: HttpMethod[];
  /** The page-level exports it makes for its page, sorted by name. */
  pageExports: ServerPageExport[];
  diagnostics: Diagnostic[];
}

export function scanServerModule(module: ParsedModule, root: string): ServerModuleScan {
  const { exports, hasStarExport } = collectExports(module);
  const diagnostics: Diagnostic[] = exports.filter((entry) => !SERVER_EXPORTS.includes(entry.name) && !isPageLevelExport(entry.name)).map((entry) => unknownExport(module, entry, root));
  const pageExports = exports
    .flatMap((entry) => (isPageLevelExport(entry.name) ? [{ name: entry.name, loc: locationOf(root, module, entry.node) }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
  diagnostics.push(...exports.flatMap((entry) => streamTimeoutProblem(module, entry, root) ?? []));
  const known = exports.filter((entry) => SERVER_EXPORTS.includes(entry.name));
  for (const entry of known) {
    const loc = locationOf(root, module, entry.node);
    if (entry.name === "actions") diagnostics.push(...actionsProblems(module, entry, root));
    else {
      const problem = handlerProblem(module, entry, loc);
      if (problem) diagnostics.push(problem);
    }
  }
  if (known.length === 0 && pageExports.length === 0 && !hasStarExport) {
    diagnostics.push(
      error("SDK_PAGE_SERVER_EMPTY", "A page's .server.ts exports none of loader, action, actions, head, prerender, ssr, getPrerenderPaths and streamTimeout.", {
        ...locationOf(root, module, module.program),
        hint: "Export `const loader = defineHandler((c) => ...)` for the page's data, `action` or `actions = { name: defineHandler(...) }` for its forms.",
      }),
    );
  }
  const posts = known.some((entry) => entry.name !== "loader");
  return { methods: posts ? ["GET", "POST"] : ["GET"], pageExports, diagnostics };
}

/** Nothing reads it: a misspelt `loadr`, or a helper that belongs in a module of its own. */
function unknownExport(module: ParsedModule, entry: ModuleExport, root: string): Diagnostic {
  const loc = locationOf(root, module, entry.node);
  return warning("SDK_PAGE_SERVER_UNKNOWN_EXPORT", `${loc.file} exports \`${entry.name}\`, which nothing reads.`, {
    ...loc,
    hint: "A page's .server.ts may export loader, action, actions, head, prerender, ssr, getPrerenderPaths and streamTimeout; move other code to a module of its own (a `_`-prefixed file, or src/).",
  });
}

/** `actions` must be an object of handlers; one that is not written as a literal is trusted. */
function actionsProblems(module: ParsedModule, entry: ModuleExport, root: string): Diagnostic[] {
  if (entry.reexport || entry.value === null) return [];
  const value = unwrapExpression(entry.value);
  if (value.type !== "ObjectExpression") return [];
  return value.properties.flatMap((property) => {
    if (!isKeyValueProperty(property)) return [];
    const name = `actions.${propertyNameText(property) ?? `[${module.source(property.key)}]`}`;
    const problem = handlerProblem(module, { ...entry, name, node: property, value: property.value }, locationOf(root, module, property));
    return problem ? [problem] : [];
  });
}
