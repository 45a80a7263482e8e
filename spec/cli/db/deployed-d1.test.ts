/** Which deployed D1 database --remote means: edge.d1_databases when the config sets it, else the lock's resolved entry; never a local id. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { deployedD1, findDeployedD1 } from "../../../cli/db/deployed-d1.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const ENTRY = { binding: "DB", database_name: "app", database_id: "0f3c-uuid" };

test("the binding's entry with a deployed id; local ids, other bindings and missing ids are not deployed databases", () => {
  assert.equal(findDeployedD1("DB", [ENTRY], "sdk.lock.json"), { id: "0f3c-uuid", name: "app", from: "sdk.lock.json" });
  assert.is(findDeployedD1("DB", [{ ...ENTRY, database_id: "local-DB" }], "sdk.lock.json"), undefined);
  assert.is(findDeployedD1("DB", [{ ...ENTRY, binding: "OTHER" }], "sdk.lock.json"), undefined);
  assert.is(findDeployedD1("DB", [{ binding: "DB" }], "sdk.lock.json"), undefined);
  assert.is(findDeployedD1("DB", undefined, "sdk.lock.json"), undefined);
});

test("sdk.lock.json's resolved.d1_databases names it; edge.d1_databases replaces that list when set", () => {
  const root = scratchDir("deployed-d1");
  writeFileSync(path.join(root, "sdk.lock.json"), JSON.stringify({ resolved: { d1_databases: [ENTRY] } }));
  assert.equal(deployedD1({ root, config: {}, binding: "DB" }), { id: "0f3c-uuid", name: "app", from: "sdk.lock.json" });
  const edge = { d1_databases: [{ binding: "DB", database_id: "from-config" }] };
  assert.equal(deployedD1({ root, config: { edge }, binding: "DB" }), { id: "from-config", from: "edge.d1_databases" });
});

test("without a deployed id: a coded error saying sdk deploy provisions the database", () => {
  const root = scratchDir("deployed-d1");
  const refusal = (() => {
    try {
      deployedD1({ root, config: {}, binding: "DB" });
    } catch (cause) {
      return (cause as { diagnostics: { code: string; message: string; hint?: string }[] }).diagnostics[0];
    }
  })();
  assert.is(refusal?.code, "SDK_DB_REMOTE_NOT_PROVISIONED");
  assert.is(refusal?.message, "there is no deployed D1 database for binding DB yet: sdk.lock.json has (under resolved.d1_databases) no database_id for it");
  assert.match(refusal!.hint!, "sdk deploy creates the database, records its id there");
});

test.run();
