import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkRequiredVariables, cpuCeilingProblem } from "../../../cli/deploy/preflight.ts";
import type { AppIR } from "../../../compiler/ir.ts";

test("cpu_ms within the plan's ceiling passes; above it fails naming the ceiling and the config path", () => {
  assert.is(cpuCeilingProblem(undefined, "free"), undefined);
  assert.is(cpuCeilingProblem(10, "free"), undefined);
  assert.is(cpuCeilingProblem(300_000, "paid"), undefined);
  const free = cpuCeilingProblem(50, "free")!;
  assert.is(free.code, "SDK_DEPLOY_CPU_CEILING");
  assert.is(free.configPath, "worker.limits.cpu_ms");
  assert.match(free.message, /50, above the free plan's ceiling of 10 ms/);
  assert.match(free.hint!, /paid plan/);
  assert.match(cpuCeilingProblem(300_001, "paid")!.message, /ceiling of 300000 ms/);
});

const key = (name: string, extra: Partial<{ optional: boolean; default: unknown; scope: "server" | "public" }> = {}) => ({ name, kind: "string" as const, optional: false, scope: "server" as const, line: 3, column: 5, ...extra });

function appWith(parts: Partial<AppIR>): AppIR {
  return { env: null, auth: null, ...parts } as AppIR;
}

test("env.ts's required server keys must be a secret or a var; optional, defaulted and public keys need not", () => {
  const ir = appWith({ env: { file: "env.ts", publicValues: {}, keys: [key("DATABASE_TOKEN"), key("STRIPE_KEY"), key("LOG_LEVEL", { default: "info" }), key("SENTRY_DSN", { optional: true }), key("PUBLIC_SITE", { scope: "public" })] } });
  const { missing } = checkRequiredVariables(ir, new Set(["DATABASE_TOKEN"]));
  assert.equal(missing.map((d) => [d.code, d.file, d.line]), [["SDK_DEPLOY_ENV_MISSING", "env.ts", 3]]);
  assert.match(missing[0].message, /requires STRIPE_KEY/);
  assert.match(missing[0].hint!, /sdk secret put STRIPE_KEY/);
});

test("auth needs AUTH_SECRET (or BETTER_AUTH_SECRET); a social provider's missing credentials only warn", () => {
  const ir = appWith({ auth: { providers: ["email", "github"], file: null, origin: "auth" } as unknown as AppIR["auth"] });
  assert.equal(checkRequiredVariables(ir, new Set()).missing.map((d) => d.code), ["SDK_DEPLOY_ENV_MISSING"]);
  const withSecret = checkRequiredVariables(ir, new Set(["BETTER_AUTH_SECRET", "AUTH_GITHUB_CLIENT_ID"]));
  assert.equal(withSecret.missing, []);
  assert.equal(withSecret.warnings.map((d) => d.code), ["SDK_DEPLOY_AUTH_PROVIDER_VARIABLES"]);
  assert.match(withSecret.warnings[0].message, /github has no AUTH_GITHUB_CLIENT_SECRET/);
});

test("an auth.ts without AUTH_URL on the worker warns that its mail links would fail", () => {
  const ir = appWith({ auth: { providers: ["email"], file: "auth.ts", origin: "auth" } as unknown as AppIR["auth"] });
  const without = checkRequiredVariables(ir, new Set(["AUTH_SECRET"]));
  assert.equal(without.warnings.map((d) => [d.code, d.file]), [["SDK_DEPLOY_AUTH_URL", "auth.ts"]]);
  assert.match(without.warnings[0].hint!, /sdk secret put AUTH_URL/);
  for (const name of ["AUTH_URL", "BETTER_AUTH_URL"]) assert.equal(checkRequiredVariables(ir, new Set(["AUTH_SECRET", name])).warnings, [], name);
});

test.run();
