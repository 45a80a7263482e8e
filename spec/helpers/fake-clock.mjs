/**
 * Preloaded into a built server by tests (`node --import`, `bun --preload`, `deno run --preload`):
 * the process's clock starts at SDK_TEST_CLOCK (an ISO time) and runs on at the real pace, so a
 * cron due at the next minute fires within seconds while the server's own code runs unchanged.
 */
const start = globalThis.process?.env?.SDK_TEST_CLOCK ?? globalThis.Deno?.env.get("SDK_TEST_CLOCK");
if (!start || Number.isNaN(Date.parse(start))) throw new Error(`SDK_TEST_CLOCK must be an ISO time, got ${start}`);

const RealDate = globalThis.Date;
const offset = RealDate.parse(start) - RealDate.now();

globalThis.Date = class FakeDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
};
