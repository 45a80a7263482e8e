/**
 * `sdk/env`: the app's variables as env.ts declares them, typed (`sdk prepare` writes the types)
 * and checked on first access. Edge only: server keys are the worker's secrets and vars, which
 * never reach a browser bundle (the build refuses a client module that imports this one). Page
 * code reads public keys as `import.meta.env.PUBLIC_*`.
 */
import { env as workerEnv } from "cloudflare:workers";
import type { EnvDefinition, PublicEnvOf, ServerEnvOf } from "./define.js";
import { createEnv } from "./access.js";
import { registeredEnv } from "./registry.js";

/** What `sdk prepare` declares for this app in `.sdk/types/env.d.ts`: `{ definition: typeof import("../../env").default }`. */
export interface EnvTypes {}

type Definition = EnvTypes extends { definition: infer D } ? D : EnvDefinition<{}, {}>;

/** Server and public keys, each as its field reads: `string`, `number`, `"a" | "b" | undefined`, ... */
export type Env = ServerEnvOf<Definition> & PublicEnvOf<Definition>;

export const env: Env = createEnv<Env>(() => workerEnv, registeredEnv);
