/**
 * The routing layer's precedence, with a recording origin: redirects before rewrites before
 * assets and routes before fallbacks and the not-found policy; headers on every answer.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileRouting } from "../../../runtime/routing/compile.ts";
import type { RuntimeRouting } from "../../../runtime/routing/config.ts";
import { createRoutingLayer, type Origin } from "../../../runtime/routing/layer.ts";
import { UNMATCHED_HEADER } from "../../../runtime/unmatched.ts";

const ASSETS: Record<string, string> = { "/index.html": "spa shell", "/404.html": "site 404", "/logo.svg": "<svg/>" };
const ROUTES: Record<string, () => Response> = {
  "/api/a": () => Response.json({ route: "a" }),
  "/api/gone": () => Response.json({ gone: true }, { status: 404 }),
  "/same": () => Response.json({ route: "same" }),
};

const origin: Origin<null> = {
  asset: (request) => {
    const body = ASSETS[new URL(request.url).pathname];
    return body === undefined ? null : new Response(body);
  },
  assetAt: (path) => (ASSETS[path] === undefined ? null : new Response(ASSETS[path])),
  app: (request) => ROUTES[new URL(request.url).pathname]?.() ?? Response.json({ error: "Not Found" }, { status: 404, headers: { [UNMATCHED_HEADER]: "1" } }),
};

function layer(routing: Partial<RuntimeRouting>) {
  const handle = createRoutingLayer(compileRouting({ notFound: "none", isr: true, ...routing }), origin);
  return async (path: string, method = "GET") => handle(new Request(`http://site.test${path}`, { method }), null);
}

test("a redirect wins over a rewrite and a route on the same path", async () => {
  const handle = layer({ redirects: { "/same": "/elsewhere" }, rewrites: { "/same": "/api/a" } });
  const res = await handle("/same");
  assert.is(res.status, 302);
  assert.is(res.headers.get("location"), "/elsewhere");
});

test("a rewrite wins over the route at the original path", async () => {
  const res = await layer({ rewrites: { "/same": "/api/a" } })("/same");
  assert.equal(await res.json(), { route: "a" });
});

test("assets and routes win over fallbacks; fallbacks answer only what nothing matched", async () => {
  const handle = layer({ fallbacks: { "/*": "/index.html" } });
  assert.equal(await (await handle("/api/a")).json(), { route: "a" });
  assert.is(await (await handle("/logo.svg")).text(), "<svg/>");
  assert.is(await (await handle("/nowhere")).text(), "spa shell");
  const gone = await handle("/api/gone");
  assert.is(gone.status, 404, "a route's own 404 is an answer");
  assert.equal(await gone.json(), { gone: true });
});

test("a fallback runs before the not-found policy", async () => {
  const handle = layer({ fallbacks: { "/legacy/*": "/api/a" }, notFound: "404-page", notFoundPages: ["/404.html"] });
  assert.equal(await (await handle("/legacy/x")).json(), { route: "a" });
  const missing = await handle("/other");
  assert.is(missing.status, 404);
  assert.is(await missing.text(), "site 404");
});

test("the app's no-route mark never reaches the client", async () => {
  const passThrough = await layer({})("/nowhere");
  assert.is(passThrough.headers.get(UNMATCHED_HEADER), null);
  const withRules = await layer({ headers: { "/*": ["X-A: 1"] } })("/nowhere");
  assert.is(withRules.status, 404);
  assert.is(withRules.headers.get(UNMATCHED_HEADER), null);
});

test("headers apply to redirects, rewrites, assets, routes, fallbacks and not-found answers", async () => {
  const handle = layer({
    headers: { "/*": ["X-All: yes"] },
    redirects: { "/r": "/api/a" },
    rewrites: { "/w": "/api/a" },
    fallbacks: { "/f/*": "/api/a" },
    notFound: "single-page-application",
  });
  for (const path of ["/r", "/w", "/logo.svg", "/api/a", "/f/x", "/client/route"]) {
    assert.is((await handle(path)).headers.get("x-all"), "yes", path);
  }
});

test("single-page-application answers GET and HEAD only", async () => {
  const handle = layer({ notFound: "single-page-application" });
  assert.is((await handle("/client/route")).status, 200);
  assert.is((await handle("/client/route", "POST")).status, 404);
});

test.run();
