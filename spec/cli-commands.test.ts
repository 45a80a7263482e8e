/** The CLI's commands other than build's HTTP output: inspect, prepare, --json, --help. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AppIR } from "../compiler/ir.ts";
import { copyFixture, expectSuccess, runSdk } from "./helpers/sdk-cli.ts";

test("--help lists the commands and exits 0", () => {
  const result = expectSuccess(runSdk(["--help"]), "sdk --help");
  for (const command of ["build", "preview", "prepare", "inspect", "eject"]) assert.match(result.stdout, command);
});

test("inspect prints the route table in matching order, with methods and files", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const { stdout } = expectSuccess(runSdk(["inspect", "--root", root, "--target", "node"]), "sdk inspect");
  const me = stdout.indexOf("/api/users/me");
  const param = stdout.indexOf("/api/users/:id");
  assert.ok(me > 0 && param > me, "static before param");
  assert.match(stdout, /GET,DELETE\s+\/api\/users\/:id\s+routes\/api\/users\/\[id\]\.ts/);
  assert.match(stdout, /routes\/api\/mode\.prod\.ts \(production only\)/);
  assert.match(stdout, "app type sdk (routes/ exists)  notFound none (the app answers its own 404s)");
  assert.match(stdout, "middleware/01.first.ts\n  middleware/2.second.ts\n  middleware/10.tenth.ts");
  assert.not.ok(existsSync(path.join(root, "dist")), "inspect builds nothing");
});

test("inspect --json prints the IR", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const ir = JSON.parse(expectSuccess(runSdk(["inspect", "--root", root, "--json"]), "sdk inspect --json").stdout) as AppIR;
  assert.is(ir.target, "edge");
  assert.is(ir.routes.length, 10);
  assert.equal(ir.config.worker?.limits, { cpu_ms: 50 });
});

test("inspect exits 1 when the app has errors, and still prints them all", () => {
  const root = copyFixture("fixtures", "scan-conflicts");
  const result = runSdk(["inspect", "--root", root]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "error SDK_ROUTE_CONFLICT");
});

test("prepare writes .sdk/tsconfig.json and the route types", () => {
  const root = copyFixture("fixtures", "e2e-api");
  expectSuccess(runSdk(["prepare", "--root", root]), "sdk prepare");
  const tsconfig = JSON.parse(readFileSync(path.join(root, ".sdk", "tsconfig.json"), "utf8"));
  assert.is(tsconfig.compilerOptions.strict, true);
  assert.ok(tsconfig.include.includes("../routes"));
  const types = readFileSync(path.join(root, ".sdk", "types", "routes.d.ts"), "utf8");
  assert.match(types, '"/api/users/:id": "GET" | "DELETE";');
});

test("build --json reports phases and outputs with sizes", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const report = JSON.parse(expectSuccess(runSdk(["build", "--root", root, "--target", "node", "--json"]), "sdk build --json").stdout);
  assert.is(report.ok, true);
  assert.equal(report.phases.map((p: { name: string }) => p.name), ["config", "scan", "emit", "bundle", "assets"]);
  const server = report.outputs.find((o: { file: string }) => o.file === "dist/server/index.mjs");
  assert.ok(server.bytes > 1000 && server.gzipBytes < server.bytes);
});

test("build prints each phase with its time and the output files with sizes", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const { stdout } = expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build");
  for (const phase of ["config", "scan", "emit", "bundle", "assets"]) assert.match(stdout, new RegExp(`✓ ${phase}\\s+\\d+ ms`));
  assert.match(stdout, /dist\/server\/index\.mjs\s+[\d.]+ kB │ gzip: [\d.]+ kB/);
  assert.match(stdout, /dist\/server\/wrangler\.json/);
});

test.run();
