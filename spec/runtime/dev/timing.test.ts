/** sdk dev's app answers each middleware's own time and the route's in Server-Timing, whatever the handler returns or throws. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { MiddlewareHandler } from "hono";
import { defineHandler, defineMiddleware } from "../../../runtime/index.ts";
import { serverTiming, timedApp } from "../../../runtime/dev/timing.ts";
import { parseServerTiming } from "../../../cli/dev/dashboard/server-timing.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const middleware = (file: string, fn: MiddlewareHandler) => ({ file, middleware: defineMiddleware(fn) });

/**
 * The route takes far longer than the outer middleware's own 30 ms, so a middleware timed with
 * what it wraps stands out whatever the machine's load adds to either.
 */
const ROUTE_MS = 300;

function app() {
  return timedApp({
    production: false,
    middleware: [
      middleware("middleware/01.outer.ts", async (_c, next) => {
        await sleep(30);
        await next();
      }),
      middleware("middleware/02.inner.ts", async (_c, next) => next()),
    ],
    routes: [
      { pattern: "/slow", file: "routes/slow.ts", handlers: { GET: defineHandler(async () => (await sleep(ROUTE_MS), { ok: true })) } },
      { pattern: "/sync", file: "routes/sync.ts", handlers: { GET: defineHandler(() => ({ ok: true })) } },
      { pattern: "/fetched", file: "routes/fetched.ts", handlers: { GET: defineHandler(() => Response.redirect("http://localhost/x", 302)) } },
      { pattern: "/boom", file: "routes/boom.ts", handlers: { GET: defineHandler(() => { throw new Error("boom"); }) } },
    ],
  });
}

test("each middleware's own time (not what it wraps) and the route's, route first as each ended", async () => {
  const response = await app().request("/slow");
  assert.is(response.status, 200);
  const steps = parseServerTiming(response.headers.get("server-timing") ?? "");
  assert.equal(steps.map((step) => [step.kind, step.file]), [
    ["route", "routes/slow.ts"],
    ["middleware", "middleware/02.inner.ts"],
    ["middleware", "middleware/01.outer.ts"],
  ]);
  assert.ok(steps[0]!.ms >= ROUTE_MS - 5, `route ${steps[0]!.ms}`);
  assert.ok(steps[2]!.ms >= 25 && steps[2]!.ms < ROUTE_MS / 2, `the outer middleware's own ${steps[2]!.ms}`);
  assert.ok(steps[1]!.ms < ROUTE_MS / 2, `the inner middleware's own ${steps[1]!.ms}`);
});

test("a synchronous handler, a response whose headers cannot change, a thrown error and no route", async () => {
  for (const [path, status, route] of [["/sync", 200, true], ["/fetched", 302, true], ["/boom", 500, true], ["/none", 404, false]] as const) {
    const response = await app().request(path);
    assert.is(response.status, status, path);
    const steps = parseServerTiming(response.headers.get("server-timing") ?? "");
    assert.is(steps.some((step) => step.kind === "route"), route, path);
    assert.is(steps.filter((step) => step.kind === "middleware").length, 2, path);
  }
});

test("a file's name is quoted in the header", () => {
  const header = serverTiming([{ metric: "route", file: 'routes/a"b\\c.ts', ms: 1.25 }]);
  assert.is(header, 'route;desc="routes/a\\"b\\\\c.ts";dur=1.3');
  assert.equal(parseServerTiming(header), [{ kind: "route", file: 'routes/a"b\\c.ts', ms: 1.3 }]);
});

test.run();
