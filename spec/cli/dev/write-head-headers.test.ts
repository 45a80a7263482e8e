import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeHeadHeaders } from "../../../cli/dev/write-head-headers.ts";

test("every form of writeHead's arguments gives its headers as name and value pairs", () => {
  assert.equal(writeHeadHeaders([200]), []);
  assert.equal(writeHeadHeaders([200, undefined]), []);
  assert.equal(writeHeadHeaders([200, "OK"]), []);
  assert.equal(writeHeadHeaders([200, { "Content-Type": "text/html", "Set-Cookie": ["a=1", "b=2"], "Content-Length": 5 }]), [
    ["Content-Type", "text/html"],
    ["Set-Cookie", ["a=1", "b=2"]],
    ["Content-Length", "5"],
  ]);
  assert.equal(writeHeadHeaders([200, "OK", ["Server-Timing", "a;dur=1", "Server-Timing", "b;dur=2"]]), [
    ["Server-Timing", "a;dur=1"],
    ["Server-Timing", "b;dur=2"],
  ]);
});

test.run();
