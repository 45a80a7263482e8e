import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Segment } from "../../../compiler/ir.ts";
import { isReservedPath, validateReservedPath } from "../../../compiler/validate/reserved-path.ts";
import { brief, irWith, scanFixture } from "../../helpers/scan-ir.ts";

const segments = (...values: string[]): Segment[] => values.map((value) => ({ kind: "static", value }));

test("/__sdk and everything under it is reserved; look-alikes are not", () => {
  for (const path of ["/__sdk", "/__sdk/", "/__sdk/scheduled", "/__sdk/a/b.txt"]) assert.ok(isReservedPath(path), path);
  for (const path of ["/", "/__sdkx", "/__sdk-notes/a", "/api/__sdk/x", "/_sdk/x"]) assert.not.ok(isReservedPath(path), path);
});

// The route scan skips `_` names, so a hand-made IR puts these routes where no file can today.
test("a route, page or WebSocket route under /__sdk/ is an error at its file", () => {
  const ir = irWith({
    routes: [
      { file: "routes/__sdk/hook.ts", pattern: "/__sdk/hook", segments: segments("__sdk", "hook"), methods: [], mode: null },
      { file: "routes/api/ok.ts", pattern: "/api/ok", segments: segments("api", "ok"), methods: [], mode: null },
    ],
    pages: [{ file: "pages/__sdk/index.tsx", pattern: "/__sdk", segments: segments("__sdk"), kind: "component", serverFile: null, layouts: [], methods: ["GET"], serverPageExports: [], mayPrerender: false }],
    jobs: { crons: [], queues: [], email: [], durableObjects: [], websockets: [{ file: "routes/__sdk/live.ws.ts", pattern: "/__sdk/live", segments: segments("__sdk", "live"), renamedFrom: null }] },
  });
  const diagnostics = validateReservedPath(ir);
  assert.equal(diagnostics.map(brief), ["error SDK_RESERVED_PATH routes/__sdk/hook.ts:1:1", "error SDK_RESERVED_PATH pages/__sdk/index.tsx:1:1", "error SDK_RESERVED_PATH routes/__sdk/live.ws.ts:1:1"]);
  assert.match(diagnostics[0]!.message, /route at \/__sdk\/hook is under \/__sdk\//);
  assert.match(diagnostics[0]!.hint!, /Move it/);
});

test("a public file under public/__sdk/ is an error at the file, found by the scan", () => {
  const ir = scanFixture("scan-reserved");
  assert.equal(ir.diagnostics.filter((d) => d.code === "SDK_RESERVED_PATH").map(brief), ["error SDK_RESERVED_PATH public/__sdk/notes.txt:-:-"]);
  assert.match(ir.diagnostics.find((d) => d.code === "SDK_RESERVED_PATH")!.message, /public file at \/__sdk\/notes\.txt/);
});

test.run();
