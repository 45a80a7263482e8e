/** A binding of the worker's env by name, or an error that says where it should have come from. */
export function bindingOf<T>(env: unknown, name: string, kind: string): T {
  const binding = (env as Record<string, unknown> | undefined)?.[name];
  if (binding === undefined) {
    throw new Error(`sdk/db: the worker has no ${kind} binding named ${name}; check d1_databases or hyperdrive in the generated wrangler.json`);
  }
  return binding as T;
}
