/** What `sdk prepare` writes into .sdk/: a tsconfig.json for the app's own to extend, and route types. */
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emit.js";
import { renderTemplate } from "./template.js";

const CONVENTION_DIRS = ["routes", "middleware", "pages", "crons", "queues", "email", "durable-objects", "db"];

function tsconfig(ir: AppIR): object {
  const base = ir.sourceDir ? `../${ir.sourceDir}` : "..";
  return {
    compilerOptions: {
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "Bundler",
      lib: ["ES2023", "DOM", "DOM.Iterable"],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      jsx: "react-jsx",
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

export function emitPrepareFiles(ir: AppIR): EmittedFile[] {
  return [
    { path: "tsconfig.json", content: `${JSON.stringify(tsconfig(ir), null, 2)}\n` },
    { path: "types/routes.d.ts", content: routeTypes(ir) },
  ];
}
