/**
 * The durable-state class the edge worker exports for a `durable-objects/` file. Its methods are
 * the definition's, put on the prototype so the platform's RPC calls them by name; each call runs
 * with the loaded state and saves it afterwards (one write; the platform coalesces writes and
 * holds the reply until they are durable).
 */
import { DurableObject, env as workerEnv, type DurableObjectState } from "cloudflare:workers";
import { bindingOf } from "../platform/binding.js";
import { attachNamespace, type DurableNamespace, type DurableStateContext, type DurableStateDefinition } from "./definition.js";

const STATE_KEY = "state";
/** Names the platform or the base class gives a meaning to. */
const RESERVED_METHODS = new Set(["constructor", "fetch", "alarm", "ctx", "env", "webSocketMessage", "webSocketClose", "webSocketError"]);

type Runner = <T>(call: (ctx: DurableStateContext<unknown>) => T | Promise<T>) => Promise<T>;
const runners = new WeakMap<object, Runner>();

export function durableStateClass(definition: DurableStateDefinition, binding: string, file: string): typeof DurableObject {
  assertDefinition(definition, file);
  attachNamespace(definition, () => bindingOf<DurableNamespace>(workerEnv, binding, { module: file, kind: "durable-state", declaredIn: "durable_objects.bindings" }));

  class DurableState extends DurableObject {
    constructor(ctx: DurableObjectState, env: Record<string, unknown>) {
      super(ctx, env);
      const holder = { state: undefined as unknown };
      const context: DurableStateContext<unknown> = {
        get state() {
          return holder.state;
        },
        set state(value) {
          holder.state = value;
        },
        name: ctx.id.name ?? ctx.id.toString(),
        storage: ctx.storage,
        env,
        setAlarm: (at) => ctx.storage.setAlarm(at),
        waitUntil: (promise) => ctx.waitUntil(promise),
      };
      void ctx.blockConcurrencyWhile(async () => {
        const saved = await ctx.storage.get(STATE_KEY);
        holder.state = saved === undefined ? definition.initial() : saved;
      });
      runners.set(this, async (call) => {
        const result = await call(context);
        await ctx.storage.put(STATE_KEY, holder.state);
        return result;
      });
    }

    async fetch(request: Request): Promise<Response> {
      if (!definition.fetch) return new Response(`${file} defines no fetch()`, { status: 404 });
      const handle = definition.fetch;
      return runnerOf(this)((ctx) => handle(request, ctx));
    }

    async alarm(): Promise<void> {
      const handle = definition.alarm;
      if (handle) await runnerOf(this)((ctx) => handle(ctx));
    }
  }

  for (const [name, method] of Object.entries(definition.methods ?? {})) {
    Object.defineProperty(DurableState.prototype, name, {
      value(this: DurableState, ...args: unknown[]) {
        return runnerOf(this)((ctx) => method(ctx, ...args));
      },
    });
  }
  return DurableState;
}

function runnerOf(instance: object): Runner {
  return runners.get(instance)!;
}

/** The compiler checks the default export's shape; this guards hand-written or ejected code. */
function assertDefinition(definition: unknown, file: string): asserts definition is DurableStateDefinition {
  const candidate = definition as Partial<DurableStateDefinition> | null;
  if (typeof candidate !== "object" || candidate === null || candidate.kind !== "durable-state" || typeof candidate.initial !== "function") {
    throw new TypeError(`${file}: the default export is not a defineDurableState() result. Wrap it: export default defineDurableState({ initial: () => ..., methods: { ... } })`);
  }
  for (const name of Object.keys(candidate.methods ?? {})) {
    if (RESERVED_METHODS.has(name)) throw new TypeError(`${file}: the method name "${name}" is the platform's; rename it`);
  }
}
