/**
 * `defineDurableState()`: a `durable-objects/` file's default export. Each instance (one per name)
 * keeps one state value, loaded before its first call and saved after every call that completes;
 * its methods are called from routes, crons and queues through `get(name)`, one call at a time as
 * the platform delivers them. This module imports nothing edge-only: it is part of `sdk`, which
 * every target bundles; the worker attaches the namespace (class.ts).
 */

/** What every method, `fetch` and `alarm` receive first. */
export interface DurableStateContext<State> {
  /** The instance's state. Mutate it or assign a new value; either is saved when the call returns. */
  state: State;
  /** The name the instance was reached by: `get("cart-42")` -> `"cart-42"`. */
  readonly name: string;
  /** The instance's own storage (key-value and, on SQLite-backed classes, `sql`), for what one value does not fit. */
  readonly storage: DurableStorage;
  /** The worker's bindings and vars. */
  readonly env: Record<string, unknown>;
  /** Runs `alarm` at that time (one pending alarm per instance; a new one replaces it). */
  setAlarm(at: Date | number): Promise<void>;
  waitUntil(promise: Promise<unknown>): void;
}

/** The platform's storage API, as much of it as the context promises. */
export interface DurableStorage {
  get<T = unknown>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  list<T = unknown>(options?: { prefix?: string; limit?: number }): Promise<Map<string, T>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a method's own arguments are its business
export type DurableMethod<State> = (ctx: DurableStateContext<State>, ...args: any[]) => unknown;

export interface DurableStateOptions<State, Methods extends Record<string, DurableMethod<State>>> {
  /** The state of an instance that has never saved one. */
  initial: () => State;
  /** Called remotely: `counter.get("a").increment(2)` runs `increment(ctx, 2)` in instance "a". */
  methods?: Methods;
  /** Plain HTTP to the instance: `counter.get("a").fetch(request)`. */
  fetch?: (request: Request, ctx: DurableStateContext<State>) => Response | Promise<Response>;
  /** Runs when the alarm set with `ctx.setAlarm()` goes off. */
  alarm?: (ctx: DurableStateContext<State>) => void | Promise<void>;
}

/** A method as callers see it: without the context, always asynchronous (it runs elsewhere). */
export type RemoteMethods<Methods> = {
  [K in keyof Methods]: Methods[K] extends (ctx: never, ...args: infer Args) => infer Result ? (...args: Args) => Promise<Awaited<Result>> : never;
};

export type DurableStateStub<Methods> = RemoteMethods<Methods> & {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
};

export interface DurableStateDefinition<State = unknown, Methods extends Record<string, DurableMethod<State>> = Record<string, DurableMethod<State>>>
  extends DurableStateOptions<State, Methods> {
  readonly kind: "durable-state";
  /** The instance named `name`, created on first use. Only in the edge worker that exports the class. */
  get(name?: string): DurableStateStub<Methods>;
}

/** What the platform gives for a binding: instances by name. */
export interface DurableNamespace {
  getByName(name: string): unknown;
}

const DEFAULT_INSTANCE = "default";
const namespaces = new WeakMap<object, () => DurableNamespace>();

export function defineDurableState<State, Methods extends Record<string, DurableMethod<State>> = Record<never, never>>(
  options: DurableStateOptions<State, Methods>,
): DurableStateDefinition<State, Methods> {
  const definition: DurableStateDefinition<State, Methods> = {
    ...options,
    kind: "durable-state",
    get(name = DEFAULT_INSTANCE) {
      const namespace = namespaces.get(definition);
      if (!namespace) {
        throw new Error("sdk: durable state is reached from the edge worker that exports its class; this code runs elsewhere (a test, another target or a module outside the app)");
      }
      return namespace().getByName(name) as DurableStateStub<Methods>;
    },
  };
  return definition;
}

/** The generated worker ties each definition to its binding (class.ts). */
export function attachNamespace(definition: object, namespace: () => DurableNamespace): void {
  namespaces.set(definition, namespace);
}
