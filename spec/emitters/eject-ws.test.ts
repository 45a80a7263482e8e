/** What an ejected app carries of `sdk/ws`: the client alone for `connect()`, the room class with workerd's declarations for the worker. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { selectRuntimeModules } from "../../emitters/eject-runtime.ts";

test("an app that only connects carries the client and no edge-only module", () => {
  const { modules, packages } = selectRuntimeModules(['import { connect } from "sdk/ws";\nconnect("/chat/lobby");\n']);
  assert.equal(
    modules.map((module) => module.path),
    ["ws/backoff.ts", "ws/client-url.ts", "ws/client.ts", "ws/define.ts", "ws/index.ts", "ws/message.ts"],
  );
  assert.equal(packages, []);
});

test("the worker's room class and upgrade route bring workerd's declarations and hono, and no other package", () => {
  const { modules, packages } = selectRuntimeModules([
    'import { webSocketRoomClass } from "sdk/runtime/ws/room";\nimport { webSocketUpgrade } from "sdk/runtime/ws/upgrade";\n',
  ]);
  const paths = modules.map((module) => module.path);
  for (const module of ["ws/room.ts", "ws/hibernating-room.ts", "ws/room-address.ts", "ws/upgrade.ts", "platform/cloudflare-workers.d.ts"]) assert.ok(paths.includes(module), module);
  assert.not.ok(paths.includes("ws/client.ts"));
  assert.equal(packages, ["hono"]);
});

test.run();
