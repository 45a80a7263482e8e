import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateIR } from "../../../compiler/validate/index.ts";
import { validateWebSocketTarget } from "../../../compiler/validate/websocket-target.ts";
import { brief, irWith, scanFixture } from "../../helpers/scan-ir.ts";

const websockets = [{ file: "routes/chat.ws.ts", pattern: "/chat", segments: [{ kind: "static" as const, value: "chat" }], renamedFrom: null }];
const jobs = { crons: [], queues: [], email: [], durableObjects: [], websockets };

test("websocket routes are fine on edge", () => {
  assert.equal(validateWebSocketTarget(irWith({ target: "edge", jobs })), []);
});

test("websocket routes are errors on node, bun and deno", () => {
  for (const target of ["node", "bun", "deno"] as const) {
    const diagnostics = validateWebSocketTarget(irWith({ target, jobs }));
    assert.equal(diagnostics.map(brief), ["error SDK_WEBSOCKET_EDGE_ONLY routes/chat.ws.ts:1:1"]);
    assert.ok(diagnostics[0].message.includes(target));
  }
});

test("validateIR runs this pass with the others", () => {
  assert.equal(validateIR(irWith({ target: "bun", jobs })).map((d) => d.code), ["SDK_WEBSOCKET_EDGE_ONLY"]);
  const ir = scanFixture("scan-routes", { target: "deno" });
  assert.ok(ir.diagnostics.some((d) => brief(d) === "error SDK_WEBSOCKET_EDGE_ONLY routes/chat.ws.ts:1:1"));
});

test.run();
