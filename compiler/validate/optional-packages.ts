/**
 * The optional packages the app's features need (compiler/optional-packages.ts), checked when a
 * build or dev server starts, so a missing one is a located SDK_PACKAGE_MISSING naming the npm
 * command rather than a failed import deep in a bundle or a dev server's first request.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";
import { missingPackagesDiagnostic, type Feature, type Trigger } from "../optional-packages.js";

export function validateOptionalPackages(ir: AppIR): Diagnostic[] {
  const needs: [Feature, string, Trigger][] = [];
  const pages = ir.notFoundPage ? [...ir.pages, ir.notFoundPage] : ir.pages;
  const component = pages.find((page) => page.kind === "component");
  if (ir.ui && component) needs.push([ir.ui, "this page", { file: component.file }]);
  const markdown = pages.find((page) => page.kind === "markdown");
  if (markdown) needs.push(["markdown", "this page", { file: markdown.file }]);
  if (ir.database) {
    needs.push(["database", whoNeeds(ir, ir.database.source), locate(ir.database.source)]);
    if (ir.database.dialect === "mysql") needs.push(["mysql", '`database: "mysql"`', { file: "sdk.config.ts" }]);
  }
  if (ir.auth) needs.push(["auth", whoNeeds(ir, ir.auth.source), locate(ir.auth.source)]);
  if (ir.sandbox) needs.push(["sandbox", whoNeeds(ir, ir.sandbox.source), locate(ir.sandbox.source)]);
  return needs.flatMap(([feature, needer, trigger]) => missingPackagesDiagnostic(feature, needer, trigger));
}

/** The IR's `source` of a feature: `file:line:column` of an import, a config field or a file. */
const IMPORT_AT = /^(.+):(\d+):(\d+)$/;
const CONFIG_FIELDS = new Set(["auth", "sandbox"]);

function locate(source: string): Trigger {
  const at = IMPORT_AT.exec(source);
  if (at) return { file: at[1]!, line: Number(at[2]), column: Number(at[3]) };
  return { file: CONFIG_FIELDS.has(source) ? "sdk.config.ts" : source };
}

function whoNeeds(ir: AppIR, source: string): string {
  const at = IMPORT_AT.exec(source);
  if (at) {
    const imported = ir.sdkImports.find((i) => i.file === at[1] && i.line === Number(at[2]) && i.column === Number(at[3]));
    return imported ? `the import of "${imported.specifier}"` : "this import";
  }
  if (CONFIG_FIELDS.has(source)) return `\`${source}\``;
  // auth.ts, or db/migrations/ (checked-in migrations give an app its database).
  return path.extname(source) ? "this file" : "this folder";
}
