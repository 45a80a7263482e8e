/**
 * The `env` object of `sdk/env`: each key is read, checked and converted on first access, then
 * kept until the worker's variable changes. Server keys come from the worker's env (secrets and,
 * in dev, `.env`); public keys are the values the build fixed, so server and browser agree.
 */
import { isUnset, parseEnvValue, type Parsed } from "./parse.js";
import type { EnvKeySpec, RegisteredEnv } from "./registry.js";

interface Cached {
  raw: unknown;
  value: unknown;
}

export function createEnv<Env extends object>(workerEnv: () => Record<string, unknown>, registered: () => RegisteredEnv | undefined): Env {
  const cache = new Map<string, Cached>();
  const schema = (): RegisteredEnv => {
    const env = registered();
    if (!env) throw new Error("sdk/env: this worker was built without env.ts; declare the app's variables there with defineEnv()");
    return env;
  };
  const keyOf = (name: string | symbol): EnvKeySpec | undefined => (typeof name === "string" ? schema().keys.find((key) => key.name === name) : undefined);
  const read = (key: EnvKeySpec): unknown => {
    const env = schema();
    if (key.scope === "public") return env.publicValues[key.name];
    const raw = workerEnv()[key.name];
    const cached = cache.get(key.name);
    if (cached && cached.raw === raw) return cached.value;
    const value = serverValue(key, raw, env.file);
    cache.set(key.name, { raw, value });
    return value;
  };
  return new Proxy({} as Env, {
    get: (_, name) => {
      const key = keyOf(name);
      return key ? read(key) : undefined;
    },
    has: (_, name) => keyOf(name) !== undefined,
    ownKeys: () => schema().keys.map((key) => key.name),
    getOwnPropertyDescriptor: (_, name) => {
      const key = keyOf(name);
      return key ? { value: read(key), enumerable: true, configurable: true, writable: false } : undefined;
    },
    set: (_, name) => {
      throw new Error(`sdk/env: ${String(name)} is read-only; variables are set in the environment, not by code`);
    },
  });
}

function serverValue(key: EnvKeySpec, raw: unknown, file: string): unknown {
  if (isUnset(raw)) {
    // The build checked the default against the kind.
    if ("default" in key) return key.default;
    if (key.optional) return undefined;
    throw new Error(
      `sdk/env: ${key.name} is not set, and ${file} declares it as a required server key. ` +
        `Set it in .env for sdk dev, and with \`sdk secret put ${key.name}\` for production.`,
    );
  }
  // A var wrangler.json gives as JSON (an object) is already the value a json field reads as.
  if (typeof raw !== "string") return key.kind === "json" ? raw : checked(key, parseEnvValue(key, String(raw)), file);
  return checked(key, parseEnvValue(key, raw), file);
}

function checked(key: EnvKeySpec, parsed: Parsed, file: string): unknown {
  if (parsed.ok) return parsed.value;
  throw new Error(`sdk/env: ${key.name} ${parsed.problem}, as ${file} declares it with env.${key.kind}()`);
}
