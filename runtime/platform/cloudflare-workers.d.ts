/** The part of workerd's `cloudflare:workers` module the runtime uses. */
declare module "cloudflare:workers" {
  /** The worker's bindings, readable outside the handler that received them. */
  export const env: Record<string, unknown>;
}
