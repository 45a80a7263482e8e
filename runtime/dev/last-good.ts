/**
 * Source modules `sdk dev` on the edge imports itself (routes on their first request, pages when
 * the page table loads), each kept once it has loaded. workerd's module runner drops a saved module
 * whether or not it compiles, and evaluates the route table again: a module that no longer loads
 * (a syntax error, an import of a missing package or file) is then served in its last good
 * version, as on node, and the error is printed once, with the file it came from.
 */
type SourceModule = Record<string, unknown>;

interface DevModules {
  lastGood: Map<string, SourceModule>;
  /** The error each failing file printed last: printed again only when it changes. */
  reported: Map<string, string>;
}

// On globalThis: a reload evaluates this module afresh, but the isolate and its memory remain.
const state: DevModules = ((globalThis as { __sdkDevModules?: DevModules }).__sdkDevModules ??= { lastGood: new Map(), reported: new Map() });

/** `file`'s module, or its last good version while it does not load; without one, the error. */
export async function loadSourceModule(file: string, load: () => Promise<SourceModule>): Promise<SourceModule> {
  try {
    const module = await load();
    state.lastGood.set(file, module);
    if (state.reported.delete(file)) console.info(`[sdk] ${file} loads again`);
    return module;
  } catch (error) {
    const previous = state.lastGood.get(file);
    report(file, error, previous !== undefined);
    if (previous) return previous;
    throw withoutRunnerDetails(error);
  }
}

/**
 * The message alone: it names the file and line, where the module runner's error also carries its
 * own stack, the compiled code and the plugin, which the dev server would print in full.
 */
function withoutRunnerDetails(error: unknown): Error {
  const clean = new Error(error instanceof Error ? error.message : String(error));
  clean.stack = `Error: ${clean.message}`;
  return clean;
}

function report(file: string, error: unknown, served: boolean): void {
  const message = error instanceof Error ? error.message : String(error);
  if (state.reported.get(file) === message) return;
  state.reported.set(file, message);
  const next = served ? "the last good version is still served" : "it answers this error";
  console.error(`[sdk] ${file} does not load: ${message}\n  ${next}; save a fix to reload`);
}
