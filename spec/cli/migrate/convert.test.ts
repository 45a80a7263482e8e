import { test } from "uvu";
import * as assert from "uvu/assert";
import { convertOldConfigs } from "../../../cli/migrate/convert.ts";
import { validateConfig } from "../../../compiler/config/validate.ts";

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

test("wrangler 1 and 2 fields are converted where their meaning carries over, dropped with the reason where not", () => {
  const { config, dropped, changed } = convertOldConfigs([
    {
      file: "wrangler.toml",
      kind: "wrangler",
      text: "",
      value: { name: "old", type: "webpack", zone_id: "z1", routes: ["example.com/*"], "kv-namespaces": [{ binding: "KV", id: "k" }], node_compat: true, durable_objects: [{ name: "ROOM", class_name: "Room" }], usage_model: "bundled" },
    },
  ]);
  assert.equal(config, {
    worker: { compatibility_flags: ["nodejs_compat"] },
    edge: { name: "old", routes: [{ pattern: "example.com/*", zone_id: "z1" }], kv_namespaces: [{ binding: "KV", id: "k" }], durable_objects: { bindings: [{ name: "ROOM", class_name: "Room" }] } },
  });
  assert.equal(dropped.map((note) => note.split(" (")[0]), ["wrangler.toml: type", "wrangler.toml: usage_model"]);
  assert.equal(changed.length, 4);
  assert.equal(validateConfig(config), [], "the build takes what migrate writes");
});

test.run();
