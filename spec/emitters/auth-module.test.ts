/** The generated auth module: what it registers, and that env.ts's keys are registered before auth.ts loads. */
import { cpSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AuthIR, DatabaseIR } from "../../compiler/ir.ts";
import { analyze } from "../../build/pipeline.ts";
import { emitAuthModule } from "../../emitters/auth-module.ts";
import { FIXTURES } from "../helpers/scan-ir.ts";
import { removeScratch, scratchDir } from "../helpers/scratch.ts";

const LINK = { projectRootFromGenerated: "../../.." };

/** Analyzed as a build does, env.ts evaluated (in a copy: that caches it under .sdk/). */
async function authModule(fixture: string): Promise<string> {
  const root = scratchDir(fixture);
  try {
    cpSync(path.join(FIXTURES, fixture), root, { recursive: true });
    const ir = await analyze({ root });
    assert.equal(ir.diagnostics, []);
    return emitAuthModule(ir as typeof ir & { auth: AuthIR; database: DatabaseIR }, LINK);
  } finally {
    removeScratch(root);
  }
}

test("an auth.ts reading sdk/env: the platform module, which registers env.ts's keys, is imported before auth.ts", async () => {
  const source = await authModule("auth-oauth");
  const platform = source.indexOf('import "./platform";');
  const options = source.indexOf('import options from "../../../auth.ts";');
  assert.ok(platform >= 0 && options > platform, source);
});

test("without sdk/env or another platform module there is nothing to import first", async () => {
  const source = await authModule("auth-d1");
  assert.not.match(source, "./platform");
  assert.match(source, 'registerAuth({ providers: ["email"], dialect: "sqlite", tables, columns, options, production: true });');
});

test.run();
