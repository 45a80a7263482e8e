/**
 * What durable state adds to the edge app: the generated `durable-state.ts` (each class built
 * from its file), the worker entry's re-export of the classes, and wrangler.json's
 * `durable_objects.bindings` and `migrations` (the recorded history plus this build's entry).
 */
import type { AppIR, DurableClassIR } from "../compiler/ir.js";
import type { SourceLink } from "./source-link.js";
import { renderTemplate } from "./template.js";

/** Each kind's class factory: the runtime module and the function that builds the class. */
const FACTORIES: Record<Exclude<DurableClassIR["kind"], "sandbox">, { module: string; factory: string; local: string }> = {
  state: { module: "sdk/runtime/durable-state/class", factory: "durableStateClass", local: "state" },
  websocket: { module: "sdk/runtime/ws/room", factory: "webSocketRoomClass", local: "socket" },
};
const SANDBOX_MODULE = "sdk/runtime/sandbox/durable-object";

export function hasDurableState(ir: Pick<AppIR, "durableState">): boolean {
  return ir.durableState.classes.length > 0;
}

export function emitDurableStateModule(ir: Pick<AppIR, "durableState">, link: SourceLink): string {
  const { classes } = ir.durableState;
  const kinds = new Set(classes.map((c) => c.kind));
  const imports = [
    ...Object.entries(FACTORIES).flatMap(([kind, { module, factory }]) => (kinds.has(kind as DurableClassIR["kind"]) ? [`import { ${factory} } from "${module}";`] : [])),
    ...(kinds.has("sandbox") ? [`import { Sandbox } from "${SANDBOX_MODULE}";`] : []),
  ];
  const counters = new Map<string, number>();
  const lines = classes.map((c) => {
    if (c.kind === "sandbox") return `export { Sandbox as ${c.className} };`;
    const { factory, local } = FACTORIES[c.kind];
    const index = counters.get(local) ?? 0;
    counters.set(local, index + 1);
    imports.push(`import ${local}${index} from ${JSON.stringify(`${link.projectRootFromGenerated}/${c.file}`)};`);
    return `export const ${c.className} = ${factory}(${local}${index}, ${JSON.stringify(c.binding)}, ${JSON.stringify(c.file)});`;
  });
  return renderTemplate("durable-state.ts.tpl", { imports: imports.join("\n"), classes: lines.join("\n") });
}

/** The worker entry's re-export of the classes, in apps with durable state only. */
export function workerDurableStateSlots(ir: Pick<AppIR, "durableState">): { durableStateExport: string } {
  const names = ir.durableState.classes.map((c) => c.className);
  return { durableStateExport: names.length ? `\nexport { ${names.join(", ")} } from "./durable-state";` : "" };
}

/** wrangler.json's `durable_objects` and `migrations`. */
export function wranglerDurableState(ir: Pick<AppIR, "durableState">): Record<string, unknown> {
  const { classes, migrations } = ir.durableState;
  if (!classes.length && !migrations.length) return {};
  return {
    ...(classes.length && { durable_objects: { bindings: classes.map((c) => ({ name: c.binding, class_name: c.className })) } }),
    ...(migrations.length && { migrations }),
  };
}
