/**
 * The generated `routing.ts` (and its validator): the routing config the server runs with.
 * An app without rules gets the bare value, so it ships no validator it does not need.
 */
import { emitValidatorModule } from "../compiler/config/standalone.js";
import type { AppIR } from "../compiler/ir.js";
import { runtimeRoutingSchemaFor } from "../compiler/routing/runtime-schema.js";
import type { EmittedFile } from "./emitted-file.js";
import { PRESETS } from "../compiler/targets.js";
import { renderTemplate } from "./template.js";

export function emitRoutingModules(ir: AppIR): EmittedFile[] {
  const { runtime: routing, notFoundReason: reason, layer } = ir.routing;
  const notFoundReason = `${routing.notFound}, ${reason}`;
  if (!layer) {
    return [{ path: "routing.ts", content: renderTemplate("routing-none.ts.tpl", { notFoundReason }) }];
  }
  const { module, factory } = PRESETS[ir.target].routing;
  const slots = { routing: JSON.stringify(routing, null, 2), notFoundReason, factory, factoryModule: module };
  return [
    { path: "routing.ts", content: renderTemplate("routing.ts.tpl", slots) },
    { path: "routing-schema.js", content: emitValidatorModule(runtimeRoutingSchemaFor(routing)) },
  ];
}
