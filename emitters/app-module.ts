/** The generated `app.ts`: imports of the user's route and middleware modules and the route table. */
import type { AppIR, RouteIR } from "../compiler/ir.js";
import { hasRoutingRules } from "../compiler/routing/resolve.js";
import { toHonoPattern } from "../compiler/scan/filenames.js";
import { renderTemplate } from "./template.js";

/** How the generated module reaches the user's files, e.g. `../../..` from `.sdk/generated/node`. */
export interface SourceLink {
  projectRootFromGenerated: string;
}

function importPath(link: SourceLink, file: string): string {
  return JSON.stringify(`${link.projectRootFromGenerated}/${file}`);
}

function routeEntry(route: RouteIR, binding: string): string {
  const handlers = route.methods.map(({ method }) => `${method}: ${binding}.${method}`).join(", ");
  return [
    "    {",
    `      pattern: ${JSON.stringify(toHonoPattern(route.segments))},`,
    `      file: ${JSON.stringify(route.file)},`,
    `      handlers: { ${handlers} },`,
    "    },",
  ].join("\n");
}

function list(entries: string[]): string {
  return entries.length ? `\n${entries.join("\n")}\n  ` : "";
}

export function emitAppModule(ir: AppIR, link: SourceLink): string {
  const imports = [
    ...ir.middleware.map((mw, i) => `import middleware${i} from ${importPath(link, mw.file)};`),
    ...ir.routes.map((route, i) => `import * as route${i} from ${importPath(link, route.file)};`),
  ];
  const middleware = ir.middleware.map(
    (mw, i) => `    { file: ${JSON.stringify(mw.file)}, middleware: middleware${i} },`,
  );
  const routes = ir.routes.map((route, i) => routeEntry(route, `route${i}`));
  return renderTemplate("app.ts.tpl", {
    imports: imports.join("\n"),
    production: String(ir.mode === "production"),
    markUnmatched: hasRoutingRules(ir)
      ? '\n  // Routing rules answer the paths no route matched (fallbacks, notFound): mark those 404s.\n  markUnmatched: true,'
      : "",
    middleware: list(middleware),
    routes: list(routes),
  });
}
