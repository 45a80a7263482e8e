import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SdkConfig } from "../../../compiler/config/define.ts";
import { resolveProjectLayout } from "../../../compiler/scan/project.ts";
import { FIXTURES, scanFixture } from "../../helpers/scan-ir.ts";

const fixture = (name: string) => path.join(FIXTURES, name);
const scan = (name: string, config: SdkConfig) => scanFixture(name, { config });

test("without sourceDir, conventions are read at the root", () => {
  const ir = scan("scan-project-root", {});
  assert.is(ir.sourceDir, "");
  assert.equal(ir.routes.map((r) => r.file), ["routes/hello.ts"]);
  assert.equal(ir.middleware.map((m) => m.file), ["middleware/01.log.ts"]);
  assert.equal(ir.assets.map((a) => a.file), ["public/robots.txt"]);
  assert.equal(ir.diagnostics, []);
});

test("with sourceDir, conventions are read under it and public/ stays at the root", () => {
  for (const sourceDir of ["app", "./app/", "app/"]) {
    const ir = scan("scan-project-srcdir", { sourceDir });
    assert.is(ir.sourceDir, "app");
    assert.equal(ir.routes.map((r) => [r.pattern, r.file]), [["/hello", "app/routes/hello.ts"]]);
    assert.equal(ir.middleware.map((m) => m.file), ["app/middleware/01.log.ts"]);
    assert.equal(ir.assets.map((a) => a.path), ["/robots.txt"]);
    assert.equal(ir.diagnostics, []);
  }
  const { layout } = resolveProjectLayout(fixture("scan-project-srcdir"), { sourceDir: "app" });
  assert.equal(Object.keys(layout.conventions).sort(), ["auth.ts", "middleware", "routes"]);
  assert.is(layout.conventions["auth.ts"], path.join(fixture("scan-project-srcdir"), "app", "auth.ts"));
});

test("the same convention at the root and in sourceDir is ambiguous, naming both copies", () => {
  const ir = scan("scan-project-ambiguous", { sourceDir: "app" });
  const ambiguous = ir.diagnostics.filter((d) => d.code === "SDK_SOURCEDIR_AMBIGUOUS");
  assert.equal(ambiguous.map((d) => [d.severity, d.file]), [
    ["error", "app/auth.ts"],
    ["error", "app/routes"],
  ]);
  const routes = ambiguous[1];
  assert.ok(routes.message.includes("routes/") && routes.message.includes("app/routes/"), routes.message);
  assert.ok(routes.hint?.includes("Remove one copy"), routes.hint);
  assert.equal(ir.routes.map((r) => r.file), ["app/routes/hello.ts"]);
});

test("a convention only at the root is not scanned when sourceDir is set, with a warning", () => {
  const ir = scan("scan-project-ambiguous", { sourceDir: "app" });
  const ignored = ir.diagnostics.filter((d) => d.code === "SDK_SOURCEDIR_ROOT_IGNORED");
  assert.equal(ignored.map((d) => [d.severity, d.file]), [["warning", "crons"]]);
  assert.equal(ir.jobs.crons, []);
});

test("without sourceDir the ambiguous fixture reads the root copy only", () => {
  const ir = scan("scan-project-ambiguous", {});
  assert.equal(ir.routes.map((r) => r.file), ["routes/hello.ts"]);
  assert.not.ok(ir.diagnostics.some((d) => d.code.startsWith("SDK_SOURCEDIR")));
});

test("a missing or outside sourceDir is a config error", () => {
  const missing = resolveProjectLayout(fixture("scan-project-root"), { sourceDir: "nope" }).diagnostics;
  assert.equal(missing.map((d) => [d.code, d.configPath]), [["SDK_SOURCEDIR_MISSING", "sourceDir"]]);
  const outside = resolveProjectLayout(fixture("scan-project-root"), { sourceDir: "../elsewhere" }).diagnostics;
  assert.equal(outside.map((d) => [d.code, d.configPath]), [["SDK_SOURCEDIR_OUTSIDE_ROOT", "sourceDir"]]);
});

test.run();
