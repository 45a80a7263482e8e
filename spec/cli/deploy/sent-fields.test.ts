import { test } from "uvu";
import * as assert from "uvu/assert";
import { unsentFields } from "../../../cli/deploy/sent-fields.ts";

const codes = (edge: Record<string, unknown>) => unsentFields(edge, "shop").map((problem) => `${problem.configPath}: ${problem.hint}`);

test("every field a deploy sends passes", () => {
  assert.equal(codes({ name: "shop", services: [], vectorize: [], placement: { mode: "smart" }, observability: { enabled: true }, triggers: { crons: [] }, workers_dev: false, preview_urls: false }), []);
});

test("a misspelt field is refused with the field it was meant to be", () => {
  const [problem] = unsentFields({ kv_namespace: [] }, "shop");
  assert.is(problem.code, "SDK_DEPLOY_FIELD_UNSENT");
  assert.is(problem.configPath, "edge.kv_namespace");
  assert.match(problem.hint!, "did you mean edge.kv_namespaces?");
});

test("a second migrations list is refused with its own remedy; routes and custom domains are sent", () => {
  const problems = unsentFields({ routes: [{ pattern: "shop.example.com", custom_domain: true }], route: "example.com/*", migrations: [{ tag: "v1" }] }, "shop");
  assert.equal(problems.map((problem) => problem.configPath), ["edge.migrations"]);
  assert.match(problems[0].hint!, "durable/");
});

test("a field sdk does not know at all is refused, naming wrangler as the way to send it", () => {
  const [problem] = unsentFields({ unsafe: { bindings: [] } }, "shop");
  assert.is(problem.configPath, "edge.unsafe");
  assert.match(problem.hint!, "wrangler");
});

test("a workflow of this worker is refused; a binding to another worker's workflow is sent", () => {
  assert.equal(codes({ workflows: [{ binding: "W", name: "w", class_name: "W", script_name: "other" }] }), []);
  const problems = unsentFields({ workflows: [{ binding: "W", name: "orders", class_name: "W" }] }, "shop");
  assert.is(problems[0].configPath, "edge.workflows[0]");
  assert.match(problems[0].message, "orders");
});

test("an assets directory of its own is refused: the deploy uploads dist/client", () => {
  assert.equal(codes({ assets: { binding: "ASSETS", not_found_handling: "404-page" } }), []);
  const [problem] = unsentFields({ assets: { directory: "./static" } }, "shop");
  assert.is(problem.configPath, "edge.assets.directory");
  assert.match(problem.hint!, "public/");
});

test.run();
