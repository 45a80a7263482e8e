/**
 * The app's env.ts as the build serialized it: the generated platform.ts registers it before the
 * first request, so `sdk/env` knows each key's kind, scope and default, and the public values the
 * build fixed (the same ones it inlined into the browser bundle).
 */
import type { EnvFieldSpec } from "./define.js";

export type EnvScope = "server" | "public";

export interface EnvKeySpec extends EnvFieldSpec {
  name: string;
  scope: EnvScope;
}

export interface RegisteredEnv {
  /** env.ts, project-relative, for messages. */
  file: string;
  keys: EnvKeySpec[];
  /** Each public key's value as the build fixed it; an unset optional key has none. */
  publicValues: Record<string, unknown>;
}

let registered: RegisteredEnv | undefined;

export function registerEnv(env: RegisteredEnv): void {
  registered = env;
}

export function registeredEnv(): RegisteredEnv | undefined {
  return registered;
}
