/**
 * `edge` is checked against wrangler's own config schema (compiler/config/edge-check.ts): a typo
 * is an unknown field at its key in sdk.config.ts with the field meant, a wrong shape is said of
 * its config path, a legacy field is refused with its replacement, and sdk's own `addresses`
 * passes. An app's whole edge config that wrangler takes passes unchanged.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { validateConfig } from "../../../compiler/config/validate.ts";
import { validateEdgeClasses } from "../../../compiler/validate/edge-classes.ts";
import { irWith } from "../../helpers/scan-ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const FILE = "sdk.config.ts";

function check(edgeSource: string) {
  const text = `import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  edge: ${edgeSource},\n});\n`;
  // The value as the config evaluates it: the source is a JSON-compatible literal here.
  const value = { edge: Function(`return (${edgeSource});`)() };
  return validateConfig(value, { file: FILE, text });
}

test("a misspelt field of a binding: located at its key, with the field meant", () => {
  const diagnostics = check('{ durable_objects: { bindings: [{ nmae: "ROOM", class_name: "Room", script_name: "rooms" }] } }');
  const d = diagnostics.find((candidate) => candidate.code === "SDK_CONFIG_UNKNOWN_FIELD");
  assert.is(d!.configPath, "edge.durable_objects.bindings[0].nmae");
  assert.is(d!.file, FILE);
  assert.is(d!.line, 4);
  assert.is(d!.column, 43);
  assert.match(d!.hint!, 'Did you mean "name"?');
  assert.ok(diagnostics.some((other) => other.configPath === "edge.durable_objects.bindings[0].name" && /required/.test(other.message)));
});

test("a misspelt top-level field: kv_namespace -> kv_namespaces", () => {
  const [d] = check('{ kv_namespace: [{ binding: "CACHE" }] }');
  assert.is(d!.code, "SDK_CONFIG_UNKNOWN_FIELD");
  assert.is(d!.configPath, "edge.kv_namespace");
  assert.is(d!.line, 4);
  assert.is(d!.column, 11);
  assert.match(d!.hint!, 'Did you mean "kv_namespaces"?');
});

test("a missing required field and a wrong type are said of their paths", () => {
  const diagnostics = check('{ kv_namespaces: [{ id: "abc" }], workers_dev: "yes" }');
  const byPath = Object.fromEntries(diagnostics.map((d) => [d.configPath, d]));
  assert.match(byPath["edge.kv_namespaces[0].binding"]!.message, "is required but missing");
  assert.match(byPath["edge.workers_dev"]!.message, "must be a boolean");
});

test("legacy fields are refused with their replacement, and not reported twice", () => {
  const diagnostics = check('{ "kv-namespaces": [{ binding: "KV", id: "x" }], node_compat: true, durable_objects: [{ name: "C", class_name: "Counter" }] }');
  assert.equal(diagnostics.map((d) => [d.code, d.configPath]), [
    ["SDK_CONFIG_EDGE_LEGACY", 'edge["kv-namespaces"]'],
    ["SDK_CONFIG_EDGE_LEGACY", "edge.node_compat"],
    ["SDK_CONFIG_EDGE_LEGACY", "edge.durable_objects"],
  ]);
  assert.match(diagnostics[1]!.hint!, '"nodejs_compat" to worker.compatibility_flags');
  assert.match(diagnostics[2]!.hint!, "durable_objects: { bindings:");
  assert.ok(diagnostics.every((d) => d.line !== undefined), "each is located");
});

test("what wrangler takes passes, with sdk's own addresses", () => {
  const edge = `{
    name: "shop",
    routes: [{ pattern: "shop.example.com", custom_domain: true }],
    services: [{ binding: "AUTH", service: "auth-worker" }],
    kv_namespaces: [{ binding: "CACHE", id: "0f2ac74b498b48028cb68387c421e279" }],
    durable_objects: { bindings: [{ name: "ROOM", class_name: "Room", script_name: "rooms" }] },
    workflows: [{ binding: "FLOW", name: "flow", class_name: "Flow", script_name: "flows" }],
    analytics_engine_datasets: [{ binding: "EVENTS", dataset: "events" }],
    version_metadata: { binding: "VERSION" },
    observability: { enabled: true },
    placement: { mode: "smart" },
    triggers: { crons: ["0 * * * *"] },
    send_email: [{ name: "MAIL", destination_address: "ops@example.com" }],
    addresses: ["hello@example.com"],
    workers_dev: false,
    preview_urls: false,
  }`;
  assert.equal(check(edge), []);
});

test("a durable-object class or workflow named without code behind it is refused at its class_name", () => {
  const root = scratchDir("edge-classes");
  const edge = {
    durable_objects: { bindings: [{ name: "COUNTER", class_name: "Counter" }, { name: "ROOM", class_name: "Room" }, { name: "EXT", class_name: "Elsewhere", script_name: "other" }] },
    workflows: [{ binding: "FLOW", name: "flow", class_name: "Flow" }],
  };
  writeFileSync(path.join(root, FILE), `import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  edge: ${JSON.stringify(edge, null, 2).replace(/\n/g, "\n  ")},\n});\n`);
  const ir = irWith({ config: { edge }, durableState: { classes: [{ kind: "state", file: "durable-objects/counter.ts", className: "Counter", binding: "COUNTER" }], migrations: [], recorded: 0 } });
  const diagnostics = validateEdgeClasses(root, ir);
  assert.equal(diagnostics.map((d) => [d.code, d.configPath]), [
    ["SDK_EDGE_CLASS_WITHOUT_CODE", "edge.durable_objects.bindings[1].class_name"],
    ["SDK_EDGE_CLASS_WITHOUT_CODE", "edge.workflows[0].class_name"],
  ]);
  assert.ok(diagnostics.every((d) => d.file === FILE && typeof d.line === "number"), "located in sdk.config.ts");
  assert.match(diagnostics[0]!.hint!, "this worker exports Counter");
  assert.match(diagnostics[1]!.hint!, "set script_name");
  assert.equal(validateEdgeClasses(root, { ...ir, target: "node" }), []);
});

test.run();
