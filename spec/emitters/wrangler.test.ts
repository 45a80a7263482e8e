import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_COMPATIBILITY_DATE, emitWranglerConfig, toWorkerName } from "../../emitters/wrangler.ts";
import { irWith } from "../helpers/scan-ir.ts";

test("generated defaults: name, main, date, flags and the asset policy", () => {
  const config = emitWranglerConfig({ ir: irWith({ target: "edge" }), defaultName: "My App" });
  assert.equal(config, {
    name: "my-app",
    main: "index.mjs",
    compatibility_date: DEFAULT_COMPATIBILITY_DATE,
    compatibility_flags: ["nodejs_compat"],
    assets: { directory: "../client", binding: "ASSETS", not_found_handling: "none", run_worker_first: false },
  });
});

test("worker fields: compatibility date and flags, vars, limits.cpu_ms", () => {
  const ir = irWith({
    target: "edge",
    config: { worker: { compatibility_date: "2025-01-02", compatibility_flags: [], vars: { A: "1" }, limits: { cpu_ms: 50 } } },
  });
  const config = emitWranglerConfig({ ir, defaultName: "app" });
  assert.is(config.compatibility_date, "2025-01-02");
  assert.equal(config.compatibility_flags, []);
  assert.equal(config.vars, { A: "1" });
  assert.equal(config.limits, { cpu_ms: 50 });
});

test("precedence: edge passthrough > sdk.lock.json resolved > generated; objects merge, arrays replace", () => {
  const ir = irWith({
    target: "edge",
    config: {
      worker: { vars: { A: "generated", B: "generated" } },
      edge: { name: "from-edge", vars: { B: "edge" }, kv_namespaces: [{ binding: "KV", id: "edge-id" }] },
    },
  });
  const lockResolved = {
    name: "from-lock",
    account_id: "lock-account",
    vars: { A: "lock", B: "lock", C: "lock" },
    kv_namespaces: [{ binding: "KV", id: "lock-id" }, { binding: "OTHER", id: "x" }],
  };
  const config = emitWranglerConfig({ ir, defaultName: "app", lockResolved });
  assert.is(config.name, "from-edge");
  assert.is(config.account_id, "lock-account");
  assert.equal(config.vars, { A: "lock", B: "edge", C: "lock" });
  assert.equal(config.kv_namespaces, [{ binding: "KV", id: "edge-id" }]);
  assert.is(config.main, "index.mjs");
});

test("worker names: lowercase letters, digits and dashes, scope dropped, at most 63", () => {
  assert.is(toWorkerName("@acme/Blog Site"), "blog-site");
  assert.is(toWorkerName("___"), "sdk-app");
  assert.is(toWorkerName("a".repeat(80)).length, 63);
});

test("crons: triggers.crons lists each expression once, in file order; the edge passthrough's triggers win", () => {
  const crons = [
    { file: "crons/a.ts", schedule: "0 3 * * *" },
    { file: "crons/b.ts", schedule: "*/5 * * * *" },
    { file: "crons/c.ts", schedule: "0 3 * * *" },
  ];
  const jobs = { crons, queues: [], email: [], durableObjects: [], websockets: [] };
  assert.equal(emitWranglerConfig({ ir: irWith({ target: "edge", jobs }), defaultName: "app" }).triggers, { crons: ["0 3 * * *", "*/5 * * * *"] });
  const overridden = emitWranglerConfig({ ir: irWith({ target: "edge", jobs, config: { edge: { triggers: { crons: ["0 0 * * *"] } } } }), defaultName: "app" });
  assert.equal(overridden.triggers, { crons: ["0 0 * * *"] });
  assert.not.ok("triggers" in emitWranglerConfig({ ir: irWith({ target: "edge" }), defaultName: "app" }), "no crons, no triggers");
});

test.run();
