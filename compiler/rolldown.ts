/**
 * Rolldown, for the server bundles of node, bun and deno (rolldown-bundle.ts), for running the
 * app's config files (config/evaluate.ts), and its parser (Oxc) for reading the app's syntax
 * (scan/parser.ts). Its allocator, mimalloc, commits each arena it reserves at once by default: a
 * 1000-route bundle then holds about 170 MB, against 65 MB committed as used, in the same time.
 * The setting is read when the native module loads, so Rolldown is imported only through here,
 * after it; a value the user set is kept.
 */
function allocateLazily(): void {
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= "0";
}

export async function loadRolldown(): Promise<typeof import("rolldown")> {
  allocateLazily();
  return import("rolldown");
}

/** Rolldown's utilities: Oxc's parser and AST visitor. */
export async function loadRolldownUtils(): Promise<typeof import("rolldown/utils")> {
  allocateLazily();
  return import("rolldown/utils");
}
