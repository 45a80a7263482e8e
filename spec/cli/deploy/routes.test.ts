import { test } from "uvu";
import * as assert from "uvu/assert";
import { configuredRoutes, patternHost, zoneOf } from "../../../cli/deploy/routes.ts";

const zones = [{ id: "z1", name: "example.com" }, { id: "z2", name: "shop.example.com" }, { id: "z3", name: "example.org" }];

test("a pattern's hostname has no scheme, path, port or leading wildcard", () => {
  assert.is(patternHost("*.example.com/*"), "example.com");
  assert.is(patternHost("*example.com/api/*"), "example.com");
  assert.is(patternHost("https://Shop.Example.com:443/a"), "shop.example.com");
});

test("a route's zone: its zone_id, its zone_name, else the longest zone its hostname is in", () => {
  assert.is(zoneOf({ pattern: "x.example.com/*", zone_id: "z3" }, zones)?.id, "z3");
  assert.is(zoneOf({ pattern: "x.example.com/*", zone_name: "example.org" }, zones)?.id, "z3");
  assert.is(zoneOf({ pattern: "api.shop.example.com/*" }, zones)?.id, "z2");
  assert.is(zoneOf({ pattern: "example.com/*" }, zones)?.id, "z1");
  assert.is(zoneOf({ pattern: "notexample.com/*" }, zones), undefined);
});

test("route and routes, strings or objects, each with its config path", () => {
  assert.equal(configuredRoutes({ route: "example.com/*", routes: [{ pattern: "www.example.com", custom_domain: true }, "api.example.com/*"] }), [
    { route: { pattern: "example.com/*" }, configPath: "edge.route" },
    { route: { pattern: "www.example.com", custom_domain: true }, configPath: "edge.routes[0]" },
    { route: { pattern: "api.example.com/*" }, configPath: "edge.routes[1]" },
  ]);
});

test.run();
