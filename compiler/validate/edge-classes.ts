/**
 * A durable-object binding or a workflow that `edge` names without a `script_name` runs a class
 * this worker must export; the worker exports only the durable-state classes sdk generates
 * (`durable-objects/`, `*.ws.ts`, the sandbox). A class named with no code behind it would make
 * the platform refuse the upload at deploy, after resources were provisioned, so the build refuses
 * it at the config field instead.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createConfigLocator, formatConfigPath, type PathKey } from "../config/locate.js";
import { CONFIG_FILE } from "../config/load.js";
import { configError, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((entry): entry is Json => entry !== null && typeof entry === "object") : []);

export function validateEdgeClasses(root: string, ir: Pick<AppIR, "target" | "config" | "durableState">): Diagnostic[] {
  const edge = ir.config.edge;
  if (ir.target !== "edge" || !edge) return [];
  const exported = ir.durableState.classes.map((c) => c.className);
  const named: { keys: PathKey[]; className: string; what: string }[] = [];
  list((edge.durable_objects as Json | undefined)?.bindings).forEach((binding, index) => {
    if (typeof binding.class_name === "string" && binding.script_name === undefined) named.push({ keys: ["edge", "durable_objects", "bindings", index, "class_name"], className: binding.class_name, what: "durable-object binding" });
  });
  list(edge.workflows).forEach((workflow, index) => {
    if (typeof workflow.class_name === "string" && workflow.script_name === undefined) named.push({ keys: ["edge", "workflows", index, "class_name"], className: workflow.class_name, what: "workflow" });
  });
  const missing = named.filter(({ className, what }) => what === "workflow" || !exported.includes(className));
  if (!missing.length) return [];
  const configFile = path.join(root, CONFIG_FILE);
  const locate = existsSync(configFile) ? createConfigLocator(readFileSync(configFile, "utf8")) : () => null;
  return missing.map(({ keys, className, what }) =>
    configError("SDK_EDGE_CLASS_WITHOUT_CODE", formatConfigPath(keys), `names class ${className}, which this worker does not export: the ${what} would have no code behind it`, {
      file: CONFIG_FILE,
      ...(locate(keys) ?? {}),
      hint: what === "workflow"
        ? `sdk generates no workflow classes: set script_name to the worker that exports ${className}, or remove the workflow`
        : `${exported.length ? `this worker exports ${exported.join(", ")}; ` : ""}define it as durable-objects/<name>.ts (its class name comes from the file name), or set script_name to the worker that exports ${className}`,
    }),
  );
}
