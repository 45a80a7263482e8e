/** `sdk/kv`, `sdk/storage` and `sdk/ai` type an app's calls, checked with plain tsc against the installed package. */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, installedApps, runSdk } from "../../helpers/sdk-cli.ts";

function tsc(cwd: string): { code: number; output: string } {
  const result = spawnSync(process.execPath, [path.join(installedApps(), "node_modules", "typescript", "bin", "tsc"), "-p", ".", "--noEmit", "--pretty", "false"], { cwd, encoding: "utf8" });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

test("the fixture's KV, storage and AI routes type-check; a wrong argument or a misused result does not", () => {
  const root = copyFixture("fixtures", "e2e-platform");
  expectSuccess(runSdk(["prepare", "--root", root]), "sdk prepare");
  writeFileSync(path.join(root, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json", "include": ["routes", "db"] }\n');
  const clean = tsc(root);
  assert.is(clean.code, 0, clean.output);

  writeFileSync(path.join(root, "routes", "api", "wrong.ts"), [
    'import { kv } from "sdk/kv";',
    'import { storage } from "sdk/storage";',
    "export async function wrong() {",
    '  await kv.put(1, "x");',
    '  const object = await storage.get("a");',
    "  return object.size;",
    "}",
    "",
  ].join("\n"));
  const broken = tsc(root);
  assert.is.not(broken.code, 0, broken.output);
  assert.match(broken.output, /routes\/api\/wrong\.ts\(4,\d+\): error TS2345/);
  assert.match(broken.output, /routes\/api\/wrong\.ts\(6,\d+\): error TS18047: 'object' is possibly 'null'/);
});

test.run();
