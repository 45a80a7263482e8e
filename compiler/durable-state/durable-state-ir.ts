/**
 * The app's durable-state classes and their migrations: `durable-objects/` files, `.ws.ts` routes
 * and the sandbox, each a class the edge worker exports with a binding to its instances. Names
 * must not clash with each other or with the app's other bindings, since all share the worker's
 * exports and env.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { BindingIR, DurableStateIR, JobsIR, SandboxIR, Target } from "../ir.js";
import { readDurableHistory } from "./history.js";
import { webSocketClassNames } from "./names.js";
import { planDurableMigrations, type PlannedClass } from "./plan.js";

export interface DurableStateInputs {
  root: string;
  target: Target;
  jobs: Pick<JobsIR, "durableObjects" | "websockets">;
  sandbox: SandboxIR | null;
  /** The app's other bindings (database, KV, ...), which a class binding must not take. */
  bindings: readonly BindingIR[];
}

export const NO_DURABLE_STATE: DurableStateIR = { classes: [], migrations: [], recorded: 0 };

export function durableStateOf(inputs: DurableStateInputs): { durableState: DurableStateIR; diagnostics: Diagnostic[] } {
  // Durable state is the edge's; other targets stop on the folder's own error instead.
  if (inputs.target !== "edge") return { durableState: NO_DURABLE_STATE, diagnostics: [] };
  const classes = plannedClasses(inputs);
  const diagnostics = nameClashes(classes, inputs.bindings);
  const plan = planDurableMigrations(classes, readDurableHistory(inputs.root));
  return {
    durableState: { classes: classes.map(({ renamedFrom: _, ...c }) => c), migrations: plan.migrations, recorded: plan.recorded },
    diagnostics: [...diagnostics, ...plan.diagnostics],
  };
}

function plannedClasses({ jobs, sandbox }: DurableStateInputs): PlannedClass[] {
  return [
    ...jobs.durableObjects.map(({ file, className, binding, renamedFrom }): PlannedClass => ({ kind: "state", file, className, binding, renamedFrom })),
    ...jobs.websockets.map((ws): PlannedClass => ({ kind: "websocket", file: ws.file, ...webSocketClassNames(ws), renamedFrom: ws.renamedFrom })),
    ...(sandbox ? [{ kind: "sandbox", file: null, className: sandbox.className, binding: sandbox.binding, renamedFrom: null } satisfies PlannedClass] : []),
  ];
}

function nameClashes(classes: readonly PlannedClass[], bindings: readonly BindingIR[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const classOwners = new Map<string, PlannedClass>();
  const bindingOwners = new Map<string, string>(bindings.filter((b) => b.kind !== "sandbox").map((b) => [b.name, `the ${b.kind} binding (${b.source})`]));
  for (const planned of classes) {
    const owner = planned.file ?? "the sandbox";
    const otherClass = classOwners.get(planned.className);
    const otherBinding = bindingOwners.get(planned.binding);
    const clash = otherClass ? `class name ${planned.className}, which ${otherClass.file ?? "the sandbox"} gives too` : otherBinding ? `binding ${planned.binding}, which ${otherBinding} has` : null;
    if (clash) {
      diagnostics.push(
        error("SDK_DURABLE_STATE_NAME_TAKEN", `${owner} gives the ${clash}.`, {
          ...(planned.file && { file: planned.file, line: 1, column: 1 }),
          hint: "Rename the file (its name gives the class and binding names), or rename the other binding in inference.bindings.",
        }),
      );
      continue;
    }
    classOwners.set(planned.className, planned);
    bindingOwners.set(planned.binding, owner);
  }
  return diagnostics;
}
