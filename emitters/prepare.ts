/** What `sdk prepare` writes into .sdk/: a tsconfig.json for the app's own to extend, and route types. */
import type { AppIR, RouteIR } from "../compiler/ir.js";
import { uiLibrary } from "../compiler/ui/libraries.js";
import { authTablesModule } from "./auth-module.js";
import { CSS_MODULE_TYPES_DIR, cssModuleDeclarations, type CssModuleClasses } from "./css-module-types.js";
import type { EmittedFile } from "./emitted-file.js";
import { envTypes } from "./env-types.js";
import { pagePathTypes } from "./page-path-types.js";
import { renderTemplate } from "./template.js";

const CONVENTION_DIRS = ["routes", "middleware", "pages", "crons", "queues", "email", "durable-objects", "db"];

export interface PrepareOptions {
  /**
   * Whether the app has `@types/node`. TypeScript 6 and later include no `@types` package unless
   * `types` names it, and `sdk.config.ts` runs in Node (`process.env` is common there).
   */
  nodeTypes: boolean;
  /** The app's CSS modules and their classes, for a declaration each. */
  cssModules?: readonly CssModuleClasses[];
}

function tsconfig(ir: AppIR, options: PrepareOptions): object {
  const base = ir.sourceDir ? `../${ir.sourceDir}` : "..";
  return {
    compilerOptions: {
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "Bundler",
      lib: ["ES2023", "DOM", "DOM.Iterable"],
      ...(options.nodeTypes ? { types: ["node"] } : {}),
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      // `./card.module.css` is typed by css-modules/…/card.module.d.css.ts (emitters/css-module-types.ts).
      allowArbitraryExtensions: true,
      rootDirs: ["..", `./${CSS_MODULE_TYPES_DIR}`],
      // React's automatic runtime unless the pages' library reads JSX another way or has none.
      ...(ir.ui ? uiLibrary(ir.ui).types.tsconfigJsx : { jsx: "react-jsx" }),
    },
    include: [
      ...CONVENTION_DIRS.map((dir) => `${base}/${dir}`),
      `${base}/auth.ts`,
      `${base}/env.ts`,
      "../src",
      "../sdk.config.ts",
      "./types",
    ],
  };
}

function routeTypes(ir: AppIR): string {
  const entries = ir.routes.map(
    (route) => `\n  ${JSON.stringify(route.pattern)}: ${route.methods.map((m) => JSON.stringify(m.method)).join(" | ")};`,
  );
  return renderTemplate("routes.d.ts.tpl", { routes: entries.length ? `${entries.join("")}\n` : "" });
}

/** An interface's members, one per line, between the braces the template writes. */
function members(lines: string[]): string {
  return lines.length ? `\n${lines.join("\n")}\n  ` : "";
}

/** The route module as `.sdk/types/` imports it: the project-relative path from two levels down. */
function moduleFromTypes(route: RouteIR): string {
  return JSON.stringify(`../../${route.file}`);
}

/** `Params<"id">`, `Params<"id" | "slug">`, `Params<never>` for a route without parameters. */
function paramsType(route: RouteIR): string {
  const names = route.segments.flatMap((segment) => (segment.kind === "static" ? [] : [JSON.stringify(segment.name)]));
  return `Params<${names.length ? names.join(" | ") : "never"}>`;
}

/**
 * The augmentation of `sdk/client`: per pattern, each method's handler by `typeof import`, so its
 * return type is inferred only for the routes a program calls; and the parameter names from the
 * route's segments, so no type ever parses a pattern. Sorted by pattern, so the file changes only
 * when the routes do.
 */
function clientTypes(ir: AppIR): string {
  const routes = [...ir.routes].sort((a, b) => (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0));
  const handlers = routes.map((route) => {
    const methods = route.methods.map((m) => `      ${m.method}: typeof import(${moduleFromTypes(route)}).${m.method};`);
    return `    ${JSON.stringify(route.pattern)}: {\n${methods.join("\n")}\n    };`;
  });
  const params = routes.map((route) => `    ${JSON.stringify(route.pattern)}: ${paramsType(route)};`);
  return renderTemplate("client.d.ts.tpl", { routes: members(handlers), params: members(params) });
}

/**
 * The augmentation that types `sdk/db` by the app's schema, for an app that has one; with auth,
 * by auth's tables too, which the worker's database holds beside the app's (`db.query.user`).
 */
export function databaseTypes(ir: AppIR, rootFromTypes = "../.."): EmittedFile[] {
  if (!ir.database?.schemaFile) return [];
  const { schemaFile, dialect } = ir.database;
  const modules = [`${rootFromTypes}/${schemaFile}`, ...(ir.auth ? [authTablesModule(dialect)] : [])];
  return [{
    path: "types/db.d.ts",
    content: renderTemplate("db.d.ts.tpl", {
      tables: ir.auth ? `${schemaFile} and auth` : schemaFile,
      dialect,
      schemaType: modules.map((module) => `typeof import(${JSON.stringify(module)})`).join(" & "),
    }),
  }];
}

export function emitPrepareFiles(ir: AppIR, options: PrepareOptions): EmittedFile[] {
  return [
    ...databaseTypes(ir),
    ...envTypes(ir),
    { path: "tsconfig.json", content: `${JSON.stringify(tsconfig(ir, options), null, 2)}\n` },
    { path: "types/routes.d.ts", content: routeTypes(ir) },
    { path: "types/client.d.ts", content: clientTypes(ir) },
    ...pagePathTypes(ir),
    { path: "types/imports.d.ts", content: renderTemplate("imports.d.ts.tpl", {}) },
    ...cssModuleDeclarations(options.cssModules ?? []),
  ];
}
