/**
 * The sandbox's durable-state class, from the sandbox helper library: the generated worker exports
 * it under `sandbox.className`, and the container image runs the same library's server.
 */
export { Sandbox } from "@cloudflare/sandbox";
