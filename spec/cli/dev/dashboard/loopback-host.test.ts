/** The Host the dashboard answers under names this machine; anything else, a rebound DNS name first, does not. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isLoopbackHost } from "../../../../cli/dev/dashboard/loopback-host.ts";

test("localhost, *.localhost, 127.0.0.0/8 and [::1], with or without a port", () => {
  for (const host of ["localhost", "localhost:5173", "LocalHost:80", "app.localhost:5173", "127.0.0.1", "127.0.0.1:5173", "127.20.30.40:1", "[::1]", "[::1]:5173"]) assert.ok(isLoopbackHost(host), host);
});

test("another name, an address of the network, or a name that only starts like loopback", () => {
  for (const host of [undefined, "", "evil.example", "evil.example:5173", "localhost.evil.example", "127.0.0.1.nip.io", "localhost:5173@evil.example", "192.168.1.2:5173", "[::2]", "[fe80::1]:5173", "::1", "0.0.0.0:5173", "localhostx"]) {
    assert.not.ok(isLoopbackHost(host), String(host));
  }
});

test.run();
