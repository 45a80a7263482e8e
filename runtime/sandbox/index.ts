/**
 * `sdk/sandbox`: the app's sandbox containers, reached through the worker's `SANDBOX` durable
 * object binding (or the name `sandbox.binding` gives). `getSandbox(id)` returns the stub of the
 * sandbox with that id, created on first use; its methods (`exec`, `writeFile`, ...) are those of
 * the sandbox helper library, `@cloudflare/sandbox`. Edge only.
 */
import { getSandbox as sandboxStub, type Sandbox, type SandboxOptions } from "@cloudflare/sandbox";
import { env } from "cloudflare:workers";
import { bindingOf } from "../platform/binding.js";
import { bindingName } from "../platform/binding-names.js";

export type { ExecOptions, ExecResult, Sandbox, SandboxOptions } from "@cloudflare/sandbox";

type SandboxNamespace = Parameters<typeof sandboxStub<Sandbox>>[0];

export function getSandbox(id: string, options?: SandboxOptions): Sandbox {
  const namespace = bindingOf<SandboxNamespace>(env, bindingName("sandbox"), { module: "sdk/sandbox", kind: "sandbox durable object", declaredIn: "durable_objects.bindings" });
  return sandboxStub(namespace, id, options);
}
