/** The dev app's Server-Timing read back: its own metrics only, a bounded number, a bad value skipped. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseServerTiming } from "../../../../cli/dev/dashboard/server-timing.ts";

test("mw and route metrics with their file and duration; an app's own metrics left out", () => {
  assert.equal(parseServerTiming('route;desc="routes/a, b.ts";dur=2.5, db;dur=9, mw;desc="middleware/01.x.ts";dur=0.4'), [
    { kind: "route", file: "routes/a, b.ts", ms: 2.5 },
    { kind: "middleware", file: "middleware/01.x.ts", ms: 0.4 },
  ]);
  assert.equal(parseServerTiming(["route;desc=routes/a.ts;dur=1", "mw;desc=\"m.ts\";dur=2"]).length, 2, "header lines");
});

test("no header, a missing duration or file, a negative or non-number duration", () => {
  assert.equal(parseServerTiming(undefined), []);
  assert.equal(parseServerTiming('route;dur=1, mw;desc="x.ts", mw;desc="y.ts";dur=-1, mw;desc="z.ts";dur=abc, route;desc="q"'), []);
});

test("a huge header keeps at most 64 steps", () => {
  assert.is(parseServerTiming(Array.from({ length: 10_000 }, (_, i) => `mw;desc="m${i}.ts";dur=1`).join(", ")).length, 64);
});

test.run();
