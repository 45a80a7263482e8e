/**
 * The auth of the request running now: the session middleware opens a scope per request, and
 * the instance is built on first use inside it (a request that never asks builds none).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createAuthInstance, type AuthInstance } from "./instance.js";
import { authSettings } from "./registry.js";

export interface AuthScope {
  instance(): AuthInstance;
}

const requests = new AsyncLocalStorage<AuthScope>();

export function authScope(request: Request): AuthScope {
  let instance: AuthInstance | undefined;
  return { instance: () => (instance ??= createAuthInstance(request, authSettings())) };
}

export function runInAuthScope<T>(scope: AuthScope, fn: () => T): T {
  return requests.run(scope, fn);
}

export function currentAuth(): AuthInstance {
  const scope = requests.getStore();
  if (!scope) throw new Error("sdk/auth: `auth` was used outside a request; it is the auth of the request that runs it");
  return scope.instance();
}
