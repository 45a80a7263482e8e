import { test } from "uvu";
import * as assert from "uvu/assert";
import { convertOldConfigs } from "../../cli/migrate/convert.ts";

test("wrangler settings become worker, generated fields are dropped with the reason, the rest passes through edge", () => {
  const { config, dropped, changed } = convertOldConfigs([
    {
      file: "wrangler.jsonc",
      kind: "wrangler",
      text: "",
      value: { $schema: "x", name: "app", main: "src/index.ts", compatibility_date: "2025-02-03", compatibility_flags: ["nodejs_compat"], limits: { cpu_ms: 50 }, vars: { A: "a", N: 1, F: false }, d1_databases: [{ binding: "DB", database_name: "d", database_id: "id" }], assets: { directory: "./dist" } },
    },
  ]);
  assert.equal(config, {
    worker: { compatibility_date: "2025-02-03", compatibility_flags: ["nodejs_compat"], vars: { A: "a", N: "1", F: "false" }, limits: { cpu_ms: 50 } },
    edge: { name: "app", d1_databases: [{ binding: "DB", database_name: "d", database_id: "id" }] },
  });
  assert.equal(dropped, ["wrangler.jsonc: main (sdk generates the worker's entry)", "wrangler.jsonc: assets (sdk serves public/ and the client build itself: move the files of ./dist into public/)"]);
  assert.equal(changed.length, 2);
});

test("the legacy SDK JSON config is already sdk.config.ts's shape; a later file's values win", () => {
  const { config } = convertOldConfigs([
    { file: "sdk.json", kind: "sdk", text: "", value: { target: "node", worker: { compatibility_date: "2025-01-01" } } },
    { file: "wrangler.json", kind: "wrangler", text: "", value: { compatibility_date: "2025-06-01" } },
  ]);
  assert.equal(config, { target: "node", worker: { compatibility_date: "2025-06-01" } });
});

test.run();
