/**
 * A `*.ws.ts` route default-exports `defineWebSocket({ ... })` from `sdk/ws`: the generated worker
 * builds the route's durable-state class from that value, so anything else is reported here, at
 * the file, rather than as a failure when the class is built.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import { defaultExportOf } from "./ast.js";
import type { ScanModule } from "./scan-project.js";

const HINT = 'Default-export the room\'s hooks: `export default defineWebSocket({ connect, message, close })` with `import { defineWebSocket } from "sdk/ws"`.';

export function webSocketDefinitionProblem(root: string, module: ScanModule, file: string): Diagnostic | null {
  const check = defaultExportOf(root, module, "defineWebSocket", "sdk/ws");
  if (check.status === "ok") return null;
  if (check.status === "missing") return error("SDK_WEBSOCKET_NO_DEFAULT", "WebSocket route file has no default export.", { file, line: 1, column: 1, hint: HINT });
  return error("SDK_WEBSOCKET_NO_DEFAULT", "The default export of a WebSocket route is not built with defineWebSocket(...).", { ...check.where, hint: HINT });
}
