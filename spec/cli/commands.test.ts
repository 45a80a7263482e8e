/** The CLI's commands other than build's HTTP output: inspect, prepare, --json, --help, --version. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AppIR } from "../../compiler/ir.ts";
import { copyFixture, expectSuccess, REPO_ROOT, runSdk } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";

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

test("inspect lists each binding with its name, kind and the import that caused it", () => {
  const root = copyFixture("fixtures", "e2e-platform");
  const { stdout } = expectSuccess(runSdk(["inspect", "--root", root]), "sdk inspect");
  assert.match(stdout, "bindings (4)");
  assert.match(stdout, /DB\s+db\s+routes\/api\/notes\.ts:2:20/);
  assert.match(stdout, /KV\s+kv\s+routes\/api\/counter\.ts:2:20/);
  assert.match(stdout, /FILES\s+storage\s+routes\/api\/file-info\/\[\.\.\.path\]\.ts:2:25/);
  assert.match(stdout, /AI\s+ai\s+routes\/api\/ai\/chat\.ts:2:20/);
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
  assert.equal(report.phases.map((p: { name: string }) => p.name), ["config", "scan", "emit", "bundle", "assets", "report"]);
  assert.is(report.report.totals.files, report.outputs.filter((o: { file: string }) => !o.file.endsWith(".map")).length);
  const server = report.outputs.find((o: { file: string }) => o.file === "dist/server/index.mjs");
  assert.ok(server.bytes > 1000 && server.gzipBytes < server.bytes);
});

test("build prints each phase with its time and the output files with sizes", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const { stdout } = expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build");
  for (const phase of ["config", "scan", "emit", "bundle", "assets", "report"]) assert.match(stdout, new RegExp(`✓ ${phase}\\s+\\d+ ms`));
  assert.match(stdout, "largest modules:");
  assert.match(stdout, /dist\/server\/index\.mjs\s+[\d.]+ kB │ gzip: [\d.]+ kB/);
  assert.match(stdout, /dist\/server\/wrangler\.json/);
});

test("--version and -v print the package's version", () => {
  const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  for (const flag of ["--version", "-v"]) {
    const result = expectSuccess(runSdk([flag]), `sdk ${flag}`);
    assert.ok(result.stdout.startsWith(`sdk/${version} `), result.stdout);
    assert.is(result.stderr, "");
  }
});

test("build, inspect and prepare in a folder with no app stop with SDK_NO_APP naming it, and write nothing", () => {
  const root = scratchDir("no-app");
  for (const command of ["build", "inspect", "prepare"]) {
    const result = runSdk([command, "--root", root]);
    assert.is(result.code, 1, `${command}\n${result.stdout}\n${result.stderr}`);
    const lines = result.stderr.split("\n").filter((line) => line.trim() !== "");
    assert.is(lines.length, 1, result.stderr);
    assert.ok(lines[0].startsWith(`error SDK_NO_APP: no app found in ${root}: it has none of routes/, pages/,`), lines[0]);
    assert.match(lines[0], "Hint: create routes/api/hello.ts");
    assert.equal(readdirSync(root), [], `${command} wrote into the folder`);
  }
});

test("build --json in a folder with no app reports SDK_NO_APP as data", () => {
  const root = scratchDir("no-app");
  const result = runSdk(["build", "--root", root, "--json"]);
  assert.is(result.code, 1);
  const report = JSON.parse(result.stdout) as { ok: boolean; diagnostics: { code: string }[] };
  assert.is(report.ok, false);
  assert.equal(report.diagnostics.map((d) => d.code), ["SDK_NO_APP"]);
});

test.run();
