/** A binding of the worker's env by name, or an error that says where it should have come from. */
export interface BindingLookup {
  /** The `sdk` module asking, named in the error: `sdk/db`, `sdk/kv`, ... */
  module: string;
  /** What the binding is: "D1 database", "KV namespace", ... */
  kind: string;
  /** Where wrangler.json declares it: `d1_databases`, `kv_namespaces`, ... */
  declaredIn: string;
}

export function bindingOf<T>(env: unknown, name: string, lookup: BindingLookup): T {
  const binding = (env as Record<string, unknown> | undefined)?.[name];
  if (binding === undefined) {
    throw new Error(`${lookup.module}: the worker has no ${lookup.kind} binding named ${name}; check ${lookup.declaredIn} in the generated wrangler.json`);
  }
  return binding as T;
}
