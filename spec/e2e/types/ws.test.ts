/**
 * `sdk/ws` types an app's rooms and clients, checked with plain tsc against the installed
 * package: `socket.data` takes the type of what `connect` returns, `message` the type its
 * parameter names, and `connect<Incoming, Outgoing>()` the client's messages.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, installedApps, runSdk } from "../../helpers/sdk-cli.ts";

function tsc(cwd: string): { code: number; output: string } {
  const result = spawnSync(process.execPath, [path.join(installedApps(), "node_modules", "typescript", "bin", "tsc"), "-p", ".", "--noEmit", "--pretty", "false"], { cwd, encoding: "utf8" });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

test("the fixture's room and a client type-check; misused data and messages do not", () => {
  const root = copyFixture("fixtures", "e2e-websocket");
  expectSuccess(runSdk(["prepare", "--root", root]), "sdk prepare");
  writeFileSync(path.join(root, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json", "include": ["routes", "middleware", "src"] }\n');
  mkdirSync(path.join(root, "src"));
  writeFileSync(path.join(root, "src", "client.ts"), [
    'import { connect } from "sdk/ws";',
    "const chat = connect<{ type: string; text?: string }, { type: \"say\"; text: string }>(\"/chat/lobby?name=ada\", { baseUrl: \"http://localhost:3000\" });",
    "chat.on(\"message\", (message) => message.type.toUpperCase());",
    "chat.on(\"close\", ({ code, reconnecting }) => (reconnecting ? code : 0));",
    "export const sent: boolean = chat.send({ type: \"say\", text: \"hi\" });",
    "",
  ].join("\n"));
  const clean = tsc(root);
  assert.is(clean.code, 0, clean.output);

  writeFileSync(path.join(root, "routes", "wrong.ws.ts"), [
    'import { defineWebSocket } from "sdk/ws";',
    "export default defineWebSocket({",
    "  connect: () => ({ name: \"ada\" }),",
    "  message(socket, message: { text: string }) {",
    "    socket.data.age.toFixed();",
    "    message.text.toFixed();",
    "  },",
    "});",
    "",
  ].join("\n"));
  writeFileSync(path.join(root, "src", "wrong-client.ts"), [
    'import { connect } from "sdk/ws";',
    "connect<unknown, { type: \"say\" }>(\"/chat/lobby\").send({ type: \"shout\" });",
    "",
  ].join("\n"));
  const broken = tsc(root);
  assert.is.not(broken.code, 0, broken.output);
  assert.match(broken.output, /routes\/wrong\.ws\.ts\(5,\d+\): error TS2339: Property 'age' does not exist/, broken.output);
  assert.match(broken.output, /routes\/wrong\.ws\.ts\(6,\d+\): error TS\d+: Property 'toFixed' does not exist on type 'string'/, broken.output);
  assert.match(broken.output, /src\/wrong-client\.ts\(2,\d+\): error TS2322/, broken.output);
});

test.run();
