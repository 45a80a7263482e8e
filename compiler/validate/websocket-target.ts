/** `*.ws.ts` routes compile to durable state, which only the edge target has. */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

export function validateWebSocketTarget(ir: AppIR): Diagnostic[] {
  if (ir.target === "edge") return [];
  return ir.jobs.websockets.map((ws) =>
    error("SDK_WEBSOCKET_EDGE_ONLY", `WebSocket route ${ws.pattern} needs the edge target, and this build targets ${ir.target}.`, {
      file: ws.file,
      line: 1,
      column: 1,
      hint: 'Build with target "edge", or remove the `.ws.ts` route (the `sdk/ws` client itself works on every target).',
    }),
  );
}
