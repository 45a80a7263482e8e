/** What `sdk prepare` writes into .sdk/: a tsconfig.json for the app's own to extend, and route types. */
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emit.js";
import { renderTemplate } from "./template.js";

const CONVENTION_DIRS = ["routes", "middleware", "pages", "crons", "queues", "email", "durable-objects", "db"];

export interface PrepareOptions {
  /**
   * Whether the app has `@types/node`. TypeScript 6 and later include no `@types` package unless
   * `types` names it, and `sdk.config.ts` runs in Node (`process.env` is common there).
   */
  nodeTypes: boolean;
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

export function emitPrepareFiles(ir: AppIR, options: PrepareOptions): EmittedFile[] {
  return [
    { path: "tsconfig.json", content: `${JSON.stringify(tsconfig(ir, options), null, 2)}\n` },
    { path: "types/routes.d.ts", content: routeTypes(ir) },
  ];
}
