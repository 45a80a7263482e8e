/** A `*.ws.ts` route through the front end: its default export must be `defineWebSocket(...)` from `sdk/ws`. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildIR } from "../../../compiler/front-end.ts";
import { brief } from "../../helpers/scan-ir.ts";
import { removeScratch, scratchDir } from "../../helpers/scratch.ts";

function scanRoute(source: string) {
  const root = scratchDir("ws-scan");
  try {
    mkdirSync(path.join(root, "routes", "chat"), { recursive: true });
    writeFileSync(path.join(root, "routes", "chat", "[room].ws.ts"), source);
    const ir = buildIR(root, { config: {}, target: "edge", mode: "production" });
    return { ir, diagnostics: ir.diagnostics.filter((d) => d.code === "SDK_WEBSOCKET_NO_DEFAULT") };
  } finally {
    removeScratch(root);
  }
}

test("defineWebSocket from sdk/ws, named, aliased or through a namespace, is a WebSocket route", () => {
  for (const source of [
    'import { defineWebSocket } from "sdk/ws";\nexport default defineWebSocket({});\n',
    'import { defineWebSocket as room } from "sdk/ws";\nexport default room({ message() {} });\n',
    'import * as ws from "sdk/ws";\nexport default ws.defineWebSocket({}) satisfies unknown;\n',
  ]) {
    const { ir, diagnostics } = scanRoute(source);
    assert.equal(diagnostics, [], source);
    assert.equal(ir.jobs.websockets.map((ws) => [ws.pattern, ws.file]), [["/chat/:room", "routes/chat/[room].ws.ts"]]);
  }
});

test("no default export, a plain object or a defineWebSocket not from sdk/ws: located SDK_WEBSOCKET_NO_DEFAULT", () => {
  const cases: [source: string, where: string][] = [
    ["export const message = () => {};\n", "routes/chat/[room].ws.ts:1:1"],
    ["export default { message() {} };\n", "routes/chat/[room].ws.ts:1:1"],
    ['import { defineWebSocket } from "sdk";\n\nexport default defineWebSocket({});\n', "routes/chat/[room].ws.ts:3:1"],
  ];
  for (const [source, where] of cases) {
    const { diagnostics } = scanRoute(source);
    assert.equal(diagnostics.map(brief), [`error SDK_WEBSOCKET_NO_DEFAULT ${where}`], source);
    assert.match(diagnostics[0]!.hint ?? "", 'import { defineWebSocket } from "sdk/ws"');
  }
});

test.run();
