/**
 * What a build-time prerender read that only a running deploy has: a platform binding or secret
 * (through the stand-in `cloudflare:workers` env, prerender-platform.ts) or an environment
 * variable the build's own environment does not set. A page that fails after such a read is not
 * broken, it is early: it is prerendered later, by the running app with its real bindings
 * (prerender.ts). The console is held for the same span, so the failure it logs while it waits
 * for its bindings is the build's to report, not stray output.
 */

/** Shared with the stand-in module, which is bundled into the prerendered app. */
export const READS_GLOBAL = "__sdkPrerenderReads";

export interface WatchedReads {
  /** Names read while watched, sorted: `DB`, `process.env.DATABASE_URL`. */
  readonly reads: string[];
  /** The first line the app logged as an error, if any (its loader's failure). */
  readonly firstError: string | undefined;
}

export interface ReadWatch {
  stop(): WatchedReads;
}

type Reads = Set<string>;

function sharedReads(): Reads {
  const global = globalThis as Record<string, unknown>;
  const reads = (global[READS_GLOBAL] as Reads | undefined) ?? new Set<string>();
  global[READS_GLOBAL] = reads;
  return reads;
}

/** Watches one prerender request; `stop()` puts `process.env` and `console.error` back. */
export function watchReads(): ReadWatch {
  const reads = sharedReads();
  reads.clear();
  const originalEnv = process.env;
  const originalError = console.error;
  let firstError: string | undefined;
  process.env = new Proxy(originalEnv, {
    get(target, name, receiver) {
      // NODE_ENV is the bundle's mode switch, which packages read on their own; no app's secret.
      if (typeof name === "string" && name !== "NODE_ENV" && !(name in target)) reads.add(`process.env.${name}`);
      return Reflect.get(target, name, receiver);
    },
  });
  console.error = (...args: unknown[]) => {
    firstError ??= args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ").split("\n")[0];
  };
  return {
    stop() {
      process.env = originalEnv;
      console.error = originalError;
      return { reads: [...reads].sort(), firstError };
    },
  };
}
