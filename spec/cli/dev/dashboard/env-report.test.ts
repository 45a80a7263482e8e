/** The env tab: where each key comes from on each target, and never a server key's value. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { envReport } from "../../../../cli/dev/dashboard/env-report.ts";
import { scanFixture } from "../../../helpers/scan-ir.ts";

const SECRET = "dashboard-secret-value-7f3a9c";
/** The fixture's env.ts as the build reads it (compiler/env/load.ts), beside its scanned config. */
const ir = {
  ...scanFixture("dev-dashboard", { config: { worker: { vars: { PUBLIC_GREETING: "hello from vars", FEATURE_FLAG: "on" } } } }),
  env: {
    file: "env.ts",
    keys: [
      { name: "API_SECRET", scope: "server" as const, kind: "string" as const, optional: false },
      { name: "RETRIES", scope: "server" as const, kind: "number" as const, optional: false, default: 3 },
      { name: "PUBLIC_SITE_NAME", scope: "public" as const, kind: "string" as const, optional: false },
      { name: "PUBLIC_GREETING", scope: "public" as const, kind: "string" as const, optional: false },
    ],
    publicValues: {},
  },
};
const dotEnv = { API_SECRET: SECRET, PUBLIC_SITE_NAME: "Dashboard fixture", LOCAL_ONLY: "also-secret-ish" };

test("each declared key with its source, and the undeclared ones .env and vars set; public values only", () => {
  const report = envReport(ir, "edge", { dotEnv, shell: new Set(["API_SECRET"]) });
  const rows = Object.fromEntries(report.rows.map((row) => [row.name, row]));
  assert.is(report.file, "env.ts");
  assert.equal(rows.API_SECRET, { name: "API_SECRET", scope: "server", kind: "string", optional: false, source: ".env", shadowed: [] }, "the shell does not reach the edge's worker");
  assert.equal([rows.RETRIES!.source, rows.RETRIES!.value], ["default", undefined]);
  assert.equal([rows.PUBLIC_SITE_NAME!.source, rows.PUBLIC_SITE_NAME!.value], [".env", "Dashboard fixture"]);
  assert.equal([rows.PUBLIC_GREETING!.source, rows.PUBLIC_GREETING!.value], ["vars", "hello from vars"]);
  assert.equal([rows.FEATURE_FLAG!.scope, rows.FEATURE_FLAG!.source, rows.FEATURE_FLAG!.value], ["undeclared", "vars", undefined]);
  assert.equal([rows.LOCAL_ONLY!.scope, rows.LOCAL_ONLY!.value], ["undeclared", undefined]);
  assert.not.match(JSON.stringify(report), SECRET);
  assert.not.match(JSON.stringify(report), "also-secret-ish");
});

test("on node the shell wins over .env, and says what it shadows; still no server value", () => {
  process.env.API_SECRET = `${SECRET}-shell`;
  try {
    const report = envReport(ir, "node", { dotEnv, shell: new Set(["API_SECRET"]) });
    const secret = report.rows.find((row) => row.name === "API_SECRET")!;
    assert.equal([secret.source, secret.shadowed], ["shell", [".env"]]);
    assert.not.match(JSON.stringify(report), SECRET);
  } finally {
    delete process.env.API_SECRET;
  }
});

test("a required key nothing sets is unset", () => {
  const report = envReport(ir, "edge", { dotEnv: {}, shell: new Set() });
  assert.is(report.rows.find((row) => row.name === "API_SECRET")!.source, "unset");
});

test.run();
