/** The summary's growth line: each bundle's change against the last build of the same target. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ReportData } from "../../build/report/data.ts";
import { growthSince } from "../../cli/build-summary.ts";

const bundle = (name: "server" | "client" | "static", bytes: number) => ({ name, bytes, gzipBytes: 0, files: [], modules: [] });
const report: ReportData = { target: "node", bundles: [bundle("server", 5000), bundle("client", 900), bundle("static", 10)], totals: { files: 0, bytes: 0, gzipBytes: 0 } };

test("says what grew and what shrank, and nothing for an unchanged bundle", () => {
  const previous = { target: "node" as const, bundles: { server: { bytes: 1723, gzipBytes: 0 }, client: { bytes: 1000, gzipBytes: 0 }, static: { bytes: 10, gzipBytes: 0 } } };
  assert.is(growthSince(report, previous), "server +3.20 kB, client -100 B");
  assert.is(growthSince(report, { target: "node", bundles: { server: { bytes: 5000, gzipBytes: 0 }, client: { bytes: 900, gzipBytes: 0 }, static: { bytes: 10, gzipBytes: 0 } } }), "unchanged");
});

test("no line without a last build of the same target that recorded its bundles", () => {
  assert.is(growthSince(report, null), null);
  assert.is(growthSince(report, { target: "node" }), null);
  assert.is(growthSince(report, { target: "edge", bundles: {} }), null);
});

test.run();
