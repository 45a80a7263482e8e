/**
 * The dev server's side of runtime/dev/dashboard-bridge.ts: asks the worker running in workerd
 * to read or change one of its bindings, through this dev server's own port (where Cloudflare's
 * plugin hands every request to the worker), with the session's token.
 */
import { randomBytes } from "node:crypto";
import { BRIDGE_PREFIX, BRIDGE_TOKEN_HEADER } from "../../../runtime/dev/dashboard-bridge.js";

export type BridgeOperation = "d1-query" | "kv-list" | "kv-get" | "kv-delete" | "r2-list" | "r2-get" | "r2-delete" | "queue-send";

export interface WorkerBridge {
  readonly token: string;
  ask(operation: BridgeOperation, body: Record<string, unknown>): Promise<Response>;
}

/** `origin`: where this dev server listens, once it does. */
export function workerBridge(origin: () => string): WorkerBridge {
  const token = randomBytes(32).toString("hex");
  return {
    token,
    ask: (operation, body) =>
      fetch(`${origin()}${BRIDGE_PREFIX}${operation}`, { method: "POST", headers: { "content-type": "application/json", [BRIDGE_TOKEN_HEADER]: token }, body: JSON.stringify(body) }),
  };
}

/** The worker's JSON answer, or an Error carrying its message. */
export async function bridgeJson<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({ error: `the worker answered ${response.status}` }))) as T & { error?: string };
  if (!response.ok || body.error) throw new BridgeError(body.error ?? `the worker answered ${response.status}`);
  return body;
}

export class BridgeError extends Error {}
