import { createServer, type Server } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { freePort, startOnFreePort } from "./spawn-server.ts";

// A server that binds PORT the way ours do, and says so the way node does when it cannot.
const LISTEN_ON_PORT = `
  const server = require("node:http").createServer((_, res) => res.end("up"));
  server.on("error", (error) => { console.error(error.code + ": " + error.message); process.exit(1); });
  server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("Listening on http://127.0.0.1:" + process.env.PORT));
  process.on("SIGTERM", () => server.close());
`;

function occupy(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address !== null ? address.port : 0 });
    });
  });
}

test("a port taken between the probe and the bind: the server is started again on another port", async () => {
  const taken = await occupy();
  const offered = [taken.port];
  const pickPort = async () => offered.shift() ?? freePort();
  try {
    const server = await startOnFreePort((port) => ({ command: process.execPath, args: ["-e", LISTEN_ON_PORT], env: { PORT: String(port) } }), { pickPort });
    try {
      assert.is.not(server.port, taken.port);
      assert.is(await (await fetch(server.url)).text(), "up");
    } finally {
      await server.stop();
    }
  } finally {
    taken.server.close();
  }
});

// \`sdk dev\` and \`sdk preview\` say a taken port with their own codes, not node's.
for (const code of ["SDK_DEV_PORT_IN_USE", "SDK_PREVIEW_PORT_IN_USE"]) {
  test(`a server that exits with ${code} is started again on another port`, async () => {
    const taken = await occupy();
    const offered = [taken.port];
    const pickPort = async () => offered.shift() ?? freePort();
    const saysItsCode = LISTEN_ON_PORT.replace('console.error(error.code + ": " + error.message)', `console.error("error ${code}: 127.0.0.1:" + process.env.PORT + " is in use")`);
    try {
      const server = await startOnFreePort((port) => ({ command: process.execPath, args: ["-e", saysItsCode], env: { PORT: String(port) } }), { pickPort });
      try {
        assert.is.not(server.port, taken.port);
      } finally {
        await server.stop();
      }
    } finally {
      taken.server.close();
    }
  });
}

test("a server that fails for another reason is not started again", async () => {
  let launches = 0;
  const failing = startOnFreePort(() => {
    launches += 1;
    return { command: process.execPath, args: ["-e", "console.error('SDK_CONFIG_INVALID: no'); process.exit(1)"] };
  });
  await failing.then(
    () => assert.unreachable("the server should not start"),
    (error: Error) => assert.match(error.message, /SDK_CONFIG_INVALID/),
  );
  assert.is(launches, 1);
});

test.run();
