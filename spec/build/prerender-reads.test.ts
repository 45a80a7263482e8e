/**
 * What a build-time prerender read that only the running app has: names read from the stand-in
 * `env` (shared through a global with the bundled stand-in module) and environment variables the
 * build does not set, while the console's errors are held; everything is put back on stop.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { READS_GLOBAL, watchReads } from "../../build/prerender-reads.ts";

const standInReads = () => (globalThis as Record<string, unknown>)[READS_GLOBAL] as Set<string>;

test("unset environment variables and stand-in binding reads are named, sorted; set variables are not", () => {
  process.env.SDK_TEST_SET_AT_BUILD = "yes";
  const watch = watchReads();
  void process.env.SDK_TEST_SET_AT_BUILD;
  void process.env.SDK_TEST_ONLY_IN_PRODUCTION;
  standInReads().add("DB");
  const seen = watch.stop();
  delete process.env.SDK_TEST_SET_AT_BUILD;
  assert.equal(seen.reads, ["DB", "process.env.SDK_TEST_ONLY_IN_PRODUCTION"]);
});

test("NODE_ENV, the bundle's mode switch, is no read of the app's", () => {
  const mode = process.env.NODE_ENV;
  delete process.env.NODE_ENV;
  const watch = watchReads();
  void process.env.NODE_ENV;
  const seen = watch.stop();
  if (mode !== undefined) process.env.NODE_ENV = mode;
  assert.equal(seen.reads, []);
});

test("each watch starts from nothing, and stop puts process.env and console.error back", () => {
  const env = process.env;
  const error = console.error;
  standInReads()?.add("LEFT_OVER");
  const watch = watchReads();
  assert.is.not(process.env, env, "watched while rendering");
  console.error(new Error("D1 is not bound\n    at loader"), "more");
  console.error("second");
  const seen = watch.stop();
  assert.is(process.env, env);
  assert.is(console.error, error);
  assert.equal(seen.reads, []);
  assert.is(seen.firstError, "D1 is not bound", "the first line of the first error, for the diagnostic");
});

test("writes through the watched process.env still reach it", () => {
  const watch = watchReads();
  process.env.SDK_TEST_WRITTEN = "1";
  watch.stop();
  assert.is(process.env.SDK_TEST_WRITTEN, "1");
  delete process.env.SDK_TEST_WRITTEN;
});

test.run();
