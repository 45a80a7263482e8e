/** Which uncaught errors `sdk preview` and `sdk dev` survive: a piped database connection lost, nothing else. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isConnectionLost } from "../cli/preview/socket-reset-guard.ts";

const errno = (code: string, syscall: string) => Object.assign(new Error(`${syscall} ${code}`), { code, syscall });

test("a reset or broken pipe on a socket's read or write is a lost connection", () => {
  assert.ok(isConnectionLost(errno("ECONNRESET", "read")));
  assert.ok(isConnectionLost(errno("EPIPE", "write")));
});

test("anything else is not", () => {
  assert.not.ok(isConnectionLost(errno("ECONNREFUSED", "connect")));
  assert.not.ok(isConnectionLost(errno("ENOENT", "open")));
  assert.not.ok(isConnectionLost(new TypeError("undefined is not a function")));
  assert.not.ok(isConnectionLost("ECONNRESET"));
  assert.not.ok(isConnectionLost(null));
});

test.run();
