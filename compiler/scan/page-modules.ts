/**
 * What a page's modules must export: a page component its default export, a `.server.ts` a
 * `loader`, an `action` or `actions`, each built with `defineHandler` (so the runtime can tell a
 * handler from a plain value, as it does for API routes). Markdown pages are compiled, not read.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { HttpMethod } from "../ir.js";
import { collectExports, isKeyValueProperty, locationOf, propertyNameText, unwrapExpression, type ModuleExport } from "./ast.js";
import type { ParsedModule } from "./parser.js";
import { handlerProblem } from "./routes.js";

const SERVER_EXPORTS = ["loader", "action", "actions"];

const PRERENDER_EXPORTS = ["prerender", "getPrerenderPaths"];

export interface PageComponentScan {
  diagnostics: Diagnostic[];
  /** It exports `prerender` or `getPrerenderPaths`. */
  mayPrerender: boolean;
}

export function scanPageComponent(module: ParsedModule, root: string): PageComponentScan {
  const names = collectExports(module).exports.map((entry) => entry.name);
  const mayPrerender = names.some((name) => PRERENDER_EXPORTS.includes(name));
  if (names.includes("default")) return { diagnostics: [], mayPrerender };
  const missing = error("SDK_PAGE_NO_COMPONENT", "A page file must default-export its component.", {
    ...locationOf(root, module, module.program),
    hint: "Add `export default function Page(props) { ... }`, or prefix the file with `_` if it is not a page.",
  });
  return { diagnostics: [missing], mayPrerender };
}

export interface ServerModuleScan {
  methods: HttpMethod[];
  diagnostics: Diagnostic[];
}

export function scanServerModule(module: ParsedModule, root: string): ServerModuleScan {
  const { exports, hasStarExport } = collectExports(module);
  const diagnostics: Diagnostic[] = [];
  const known = exports.filter((entry) => SERVER_EXPORTS.includes(entry.name));
  for (const entry of known) {
    const loc = locationOf(root, module, entry.node);
    if (entry.name === "actions") diagnostics.push(...actionsProblems(module, entry, root));
    else {
      const problem = handlerProblem(module, entry, loc);
      if (problem) diagnostics.push(problem);
    }
  }
  if (known.length === 0 && !hasStarExport) {
    diagnostics.push(
      error("SDK_PAGE_SERVER_EMPTY", "A page's .server.ts exports none of loader, action and actions.", {
        ...locationOf(root, module, module.program),
        hint: "Export `const loader = defineHandler((c) => ...)` for the page's data, `action` or `actions = { name: defineHandler(...) }` for its forms.",
      }),
    );
  }
  const posts = known.some((entry) => entry.name !== "loader");
  return { methods: posts ? ["GET", "POST"] : ["GET"], diagnostics };
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
