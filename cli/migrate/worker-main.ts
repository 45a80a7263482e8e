/**
 * A wrangler file's `main`, the worker's own code, kept answering: `routes/[...path].ts` hands
 * every request no other route or page answers to its default export's `fetch`, with the worker's
 * bindings on the edge, and `routes/index.ts` does the same for `/`, which a catch-all does not
 * match; its `scheduled` handler runs from a crons/ file per expression of `triggers.crons`. What
 * sdk cannot run from there (a class as the default export, the `queue` or `email` handlers,
 * classes the module exports for durable objects or service bindings) is named with the next
 * step, never silently dropped.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { toPosixRelative } from "../../compiler/paths.js";
import { collectExports, unwrapExpression } from "../../compiler/scan/ast.js";
import { ParsedModule, type SyntaxNode } from "../../compiler/scan/parser.js";
import { renderTemplate } from "../../emitters/template.js";

export const WORKER_ROUTE = "routes/[...path].ts";
const INDEX_ROUTE = "routes/index.ts";

/** Where sdk runs each of a worker's other handlers. */
const OTHER_HANDLERS: Readonly<Record<string, string>> = {
  scheduled: "a crons/<name>.ts file (export const cron = \"<expression>\"; export default defineScheduled(...))",
  queue: "a queues/<queue name>.ts file (export default defineQueue(...))",
  email: "an email/_default.ts file (export default defineEmail(...))",
  tail: "a separate worker: sdk does not build tail handlers",
};

export interface WorkerMount {
  /** The route files to write (the catch-all first); empty when the worker cannot be mounted. */
  routes: GeneratedFile[];
  /** One crons/ file per expression of `triggers.crons`, calling the worker's `scheduled`. */
  crons: GeneratedFile[];
  notes: string[];
}

interface GeneratedFile {
  file: string;
  text: string;
}

/**
 * `main`: the wrangler file's value, relative to the root; `sourceDir`: sdk.config.ts's, when set;
 * `crons`: the wrangler file's `triggers.crons`.
 */
export function mountWorkerMain(root: string, main: unknown, sourceDir = "", crons: readonly string[] = []): WorkerMount {
  if (typeof main !== "string") return { routes: [], crons: [], notes: [] };
  const file = path.resolve(root, main);
  const shown = toPosixRelative(root, file);
  if (!existsSync(file)) return { routes: [], crons: [], notes: [`main ${shown} does not exist, so no worker code is served: add routes/ for its paths`] };
  const module = new ParsedModule(file.split(path.sep).join("/"), readFileSync(file, "utf8"));
  if (module.problems.length) return { routes: [], crons: [], notes: [`main ${shown} does not parse (${module.problems[0]!.message}), so it is not mounted: fix it and serve it from ${WORKER_ROUTE} (see docs: adopting a wrangler project)`] };

  const { exports, hasStarExport } = collectExports(module);
  const notes = exports.filter((e) => e.name !== "default").map((e) => namedExportNote(shown, e.name, e.value));
  if (hasStarExport) notes.push(`main ${shown} re-exports another module with \`export *\`; what it exports besides the default export is not part of sdk's worker`);
  const fallback = exports.find((e) => e.name === "default");
  const value = fallback?.value ? unwrapExpression(fallback.value) : null;
  if (!fallback) return { routes: [], crons: [], notes: [...notes, `main ${shown} has no default export, so there is no fetch handler to serve: add routes/ for its paths`] };
  if (value && (value.type === "ClassDeclaration" || value.type === "ClassExpression")) {
    return { routes: [], crons: [], notes: [...notes, `main ${shown} default-exports a class (a WorkerEntrypoint), which sdk cannot call as a plain fetch handler: write ${WORKER_ROUTE} with \`defineHandler((c) => new Worker(c.executionCtx, c.env).fetch(c.req.raw))\` for each method`] };
  }
  const handlers = value?.type === "ObjectExpression" ? objectKeys(value) : null;
  const scheduled = handlers?.includes("scheduled") && crons.length ? cronFiles(root, sourceDir, file, shown, crons) : { files: [], notes: [] };
  const scheduledTaken = scheduled.files.length > 0 || scheduled.notes.length > 0;
  const others = handlers?.filter((name) => !(name === "scheduled" && scheduledTaken)) ?? [];
  notes.push(...handlerNotes(shown, others), ...scheduled.notes);
  if (handlers && !handlers.includes("fetch")) return { routes: [], crons: scheduled.files, notes: [...notes, `main ${shown} has no fetch handler, so no route is needed for it`] };

  const routeFile = path.join(root, sourceDir, WORKER_ROUTE);
  if (existsSync(routeFile)) return { routes: [], crons: scheduled.files, notes: [...notes, `${toPosixRelative(root, routeFile)} exists already, so main ${shown} is not mounted there: forward its requests to the worker's fetch yourself`] };
  const text = renderTemplate("init/adopt/worker-route.ts.tpl", { mainFile: shown, importPath: importFrom(routeFile, file) });
  const routes = [{ file: toPosixRelative(root, routeFile), text }];
  const indexFile = path.join(root, sourceDir, INDEX_ROUTE);
  if (existsSync(indexFile)) notes.push(`${toPosixRelative(root, indexFile)} exists already, so it answers / rather than main ${shown}`);
  else routes.push({ file: toPosixRelative(root, indexFile), text: renderTemplate("init/adopt/worker-index-route.ts.tpl", {}) });
  return { routes, crons: scheduled.files, notes };
}

/** `crons/worker.ts`, or `crons/worker-1.ts`... for several expressions; none when one of the names is taken. */
function cronFiles(root: string, sourceDir: string, main: string, shown: string, crons: readonly string[]): { files: GeneratedFile[]; notes: string[] } {
  const files = crons.map((cron, i) => {
    const file = path.join(root, sourceDir, "crons", crons.length === 1 ? "worker.ts" : `worker-${i + 1}.ts`);
    return { file, text: renderTemplate("init/adopt/worker-cron.ts.tpl", { mainFile: shown, importPath: importFrom(file, main), cron: JSON.stringify(cron) }) };
  });
  const taken = files.filter((f) => existsSync(f.file)).map((f) => toPosixRelative(root, f.file));
  if (taken.length) return { files: [], notes: [`main ${shown}'s scheduled handler is not run by sdk: ${taken.join(", ")} exists already; write a crons/ file per expression of triggers.crons that calls it`] };
  return { files: files.map((f) => ({ file: toPosixRelative(root, f.file), text: f.text })), notes: [] };
}

function importFrom(importer: string, file: string): string {
  const relative = toPosixRelative(path.dirname(importer), file);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

function objectKeys(node: SyntaxNode): string[] {
  if (node.type !== "ObjectExpression") return [];
  return node.properties.flatMap((p) => (p.type === "Property" && !p.computed && (p.key.type === "Identifier" || p.key.type === "Literal") ? [String(p.key.type === "Identifier" ? p.key.name : p.key.value)] : []));
}

function handlerNotes(main: string, handlers: string[]): string[] {
  return handlers.filter((name) => OTHER_HANDLERS[name]).map((name) => `main ${main}'s ${name} handler is not run by sdk: move its work into ${OTHER_HANDLERS[name]}`);
}

function namedExportNote(main: string, name: string, value: SyntaxNode | null): string {
  const isClass = value !== null && (value.type === "ClassDeclaration" || value.type === "ClassExpression");
  return isClass
    ? `main ${main} exports the class ${name} (a durable object or entrypoint?), which sdk's worker does not export: make it a durable-objects/ module with defineDurableState, or a binding to it fails`
    : `main ${main} exports ${name}, which sdk's worker does not export`;
}
