/** Which uncaught errors `sdk preview` and `sdk dev` survive: a piped database connection lost, nothing else. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isConnectionLost } from "../../../cli/preview/socket-reset-guard.ts";

const errno = (code: string, syscall: string) => Object.assign(new Error(`${syscall} ${code}`), { code, syscall });

test("a reset or broken pipe on a socket's read or write is a lost connection", () => {
  assert.ok(isConnectionLost(errno("ECONNRESET", "read")));
  assert.ok(isConnectionLost(errno("EPIPE", "write")));
});

test("a write after the database side ended the socket is a lost connection (Node's EPIPE without a syscall)", async () => {
  const { createServer, connect } = await import("node:net");
  const server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const socket = connect((server.address() as { port: number }).port, "127.0.0.1");
  await new Promise((resolve) => socket.once("end", resolve));
  const error = await new Promise<Error>((resolve) => {
    socket.once("error", resolve);
    socket.write("after the end");
  });
  await new Promise((resolve) => server.close(resolve));
  assert.ok(isConnectionLost(error), String(error));
  assert.not.ok(isConnectionLost(Object.assign(new Error("something else"), { code: "EPIPE" })));
});

test("anything else is not", () => {
  assert.not.ok(isConnectionLost(errno("ECONNREFUSED", "connect")));
  assert.not.ok(isConnectionLost(errno("ENOENT", "open")));
  assert.not.ok(isConnectionLost(new TypeError("undefined is not a function")));
  assert.not.ok(isConnectionLost("ECONNRESET"));
  assert.not.ok(isConnectionLost(null));
});

test.run();
