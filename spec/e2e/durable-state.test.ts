/**
 * Durable state as users run it: the fixture built for the edge and served by `sdk preview` in
 * workerd. Each name is its own instance; its state counts across requests and survives a
 * restart, kept under .sdk/state/. The build records the migration creating the classes in
 * sdk.lock.json, and wrangler.json carries the bindings and that history.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.ts";

const root = buildFixture("e2e-durable-state", "edge");

async function call(base: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${route}`, { method, ...(body !== undefined && { body: JSON.stringify(body), headers: { "content-type": "application/json" } }) });
  assert.ok(response.ok, `${method} ${route} answered ${response.status}: ${await response.clone().text()}`);
  return response.status === 204 ? null : response.json();
}

test("wrangler.json binds each class by its file's name; the build records the migration creating them", () => {
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.equal(wrangler.durable_objects, {
    bindings: [
      { name: "COUNTER", class_name: "Counter" },
      { name: "SHOPPING_CART", class_name: "ShoppingCart" },
    ],
  });
  const migrations = [{ tag: "v1", new_sqlite_classes: ["Counter", "ShoppingCart"] }];
  assert.equal(wrangler.migrations, migrations);
  assert.equal(JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8")).durableObjects, { migrations });
});

test("each name is an instance whose state counts across requests and survives a restart", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.equal(await call(server.url, "POST", "/api/counter/a"), { name: "a", count: 1 });
    assert.equal(await call(server.url, "POST", "/api/counter/a?by=5"), { name: "a", count: 6 });
    assert.equal(await call(server.url, "POST", "/api/counter/b"), { name: "b", count: 1 });
    assert.equal(await call(server.url, "PUT", "/api/counter/a"), { method: "PUT", path: "/api/counter/a", count: 6 });
    await call(server.url, "POST", "/api/cart/c1", { sku: "tea", quantity: 1 });
    assert.equal(await call(server.url, "POST", "/api/cart/c1", { sku: "tea", quantity: 2 }), [{ sku: "tea", quantity: 3 }]);
  });
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.equal(await call(server.url, "GET", "/api/counter/a"), { name: "a", count: 6, calls: 2 });
    assert.equal(await call(server.url, "GET", "/api/counter/b"), { name: "b", count: 1, calls: 1 });
    assert.equal(await call(server.url, "GET", "/api/cart/c1"), [{ sku: "tea", quantity: 3 }]);
    await call(server.url, "DELETE", "/api/counter/a");
    assert.equal(await call(server.url, "GET", "/api/counter/a"), { name: "a", count: 0, calls: 0 });
  });
});

test.run();
