import { test } from "uvu";
import * as assert from "uvu/assert";
import { setCookie } from "hono/cookie";
import { defineHandler } from "../../../runtime/index.ts";
import { selectAction } from "../../../runtime/pages/action-selection.ts";
import type { ActionResult, PagePayload } from "../../../runtime/pages/types.ts";
import { captureErrors, embeddedPayload, page, pageApp } from "../../helpers/pages-server-fixture.ts";

const calls: string[] = [];
let loads = 0;

const post = page("pages/blog/[slug].tsx", "/blog/:slug", {
  loader: defineHandler((c) => ({ slug: c.req.param("slug"), loads: ++loads })),
  action: defineHandler(async (c) => {
    const form = await c.req.formData();
    calls.push(`default:${form.get("title")}`);
  }),
  actions: {
    update: defineHandler(() => {
      calls.push("update");
    }),
    remove: defineHandler(() => {
      calls.push("remove");
    }),
    validate: defineHandler(async (c) => {
      const form = await c.req.formData();
      return c.json({ title: `"${form.get("title")}" is too short` }, 422);
    }),
    move: defineHandler((c) => {
      setCookie(c, "moved", "1");
      return c.redirect("/blog/elsewhere");
    }),
    permanent: defineHandler((c) => c.redirect("/blog/new", 307)),
    count: defineHandler(() => ({ count: 3, at: new Date("2026-01-01T00:00:00Z") })),
    plain: defineHandler((c) => c.text("saved", 201, { "x-kept": "1" })),
    explode: defineHandler(() => {
      throw new Error("secret detail");
    }),
  },
});

const app = pageApp([post]);
const ENHANCED = { "x-sdk-action": "1" };

function submit(path: string, init: { headers?: Record<string, string>; title?: string } = {}): Promise<Response> {
  const body = new FormData();
  body.set("title", init.title ?? "Hello");
  return Promise.resolve(app.request(path, { method: "POST", body, headers: init.headers }));
}

test.before.each(() => {
  calls.length = 0;
});

test("a plain form post runs the default action and redirects with 303 to the same URL", async () => {
  const res = await submit("/blog/a?tab=2");
  assert.equal(calls, ["default:Hello"]);
  assert.is(res.status, 303);
  assert.is(res.headers.get("location"), "/blog/a?tab=2");
});

test("`?name` picks a named action, and the redirect drops the selector but keeps the rest of the query", async () => {
  const res = await submit("/blog/a?tab=a%20b&update&x");
  assert.equal(calls, ["update"]);
  assert.is(res.status, 303);
  assert.is(res.headers.get("location"), "/blog/a?tab=a%20b&x");
  assert.is((await submit("/blog/a?remove=")).headers.get("location"), "/blog/a");
  assert.equal(calls, ["update", "remove"]);
});

test("an unknown action name is a 404 naming the actions the page has", async () => {
  const res = await submit("/blog/a?nope");
  assert.is(res.status, 404);
  const { error } = (await res.json()) as { error: string };
  assert.match(error, 'no action named "nope"');
  assert.match(error, "?update, ?remove");
  assert.match(error, "and a default action");
  assert.equal(calls, []);
  assert.is((await submit("/blog/a?constructor")).status, 404, "Object.prototype's keys are not actions");
});

test("selectAction: only pages with named actions read the selector", () => {
  const run = defineHandler(() => undefined);
  const go = defineHandler(() => undefined);
  const query = (text: string) => new URLSearchParams(text);
  assert.equal(selectAction({ action: run }, query("edit")), { handler: run }, "a query flag on a default-only page is left alone");
  assert.equal(selectAction({ actions: { go } }, query("go")), { handler: go, name: "go" });
  assert.equal(selectAction({ actions: { go } }, query("x=1&go")), { handler: go, name: "go" }, "the first key with an empty value");
  assert.equal(selectAction({ actions: { go } }, query("")), { error: "This page has only named actions: ?go" });
  assert.equal(selectAction({ action: run, actions: { go } }, query("")), { handler: run });
});

test("cross-site POSTs are refused before any action runs", async () => {
  const refused: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }];
  for (const headers of refused) {
    const res = await submit("/blog/a", { headers });
    assert.is(res.status, 403, JSON.stringify(headers));
    assert.is(await res.text(), "Cross-site POST form submissions are forbidden");
  }
  assert.equal(calls, []);
});

test("same-site POSTs pass: the request's own origin, https at a TLS proxy, or no Origin at all", async () => {
  const allowed: Record<string, string>[] = [{ origin: "http://localhost" }, { origin: "https://localhost" }, { "sec-fetch-site": "same-origin" }, {}];
  for (const headers of allowed) {
    assert.is((await submit("/blog/a", { headers })).status, 303, JSON.stringify(headers));
  }
});

test("enhanced: nothing returned is { status: 204 }", async () => {
  const res = await submit("/blog/a?update", { headers: ENHANCED });
  assert.is(res.status, 200);
  assert.equal(await res.json(), { status: 204 });
});

test("enhanced: a returned value is { status: 200, data } as JSON delivers it", async () => {
  const res = await submit("/blog/a?count", { headers: ENHANCED });
  assert.is(res.status, 200);
  assert.equal(await res.json(), { status: 200, data: { count: 3, at: "2026-01-01T00:00:00.000Z" } });
});

test("enhanced: a redirect is { status, redirect } with HTTP 200, keeping the action's cookies", async () => {
  const res = await submit("/blog/a?move", { headers: ENHANCED });
  assert.is(res.status, 200);
  assert.is(res.headers.get("location"), null);
  assert.match(res.headers.get("set-cookie") ?? "", "moved=1");
  assert.equal(await res.json(), { status: 302, redirect: "/blog/elsewhere" } satisfies ActionResult);
});

test("enhanced: any other Response is JSON too, keeping status and headers, so the router never posts twice", async () => {
  const res = await submit("/blog/a?plain", { headers: ENHANCED });
  assert.is(res.status, 201);
  assert.is(res.headers.get("x-kept"), "1");
  assert.match(res.headers.get("content-type") ?? "", "application/json");
  assert.equal(await res.json(), { status: 201, data: "saved" });
});

test("enhanced: 422 is { status: 422, errors } with HTTP 422", async () => {
  const res = await submit("/blog/a?validate", { headers: ENHANCED, title: "x" });
  assert.is(res.status, 422);
  assert.equal(await res.json(), { status: 422, errors: { title: '"x" is too short' } });
});

test("plain: 422 renders the page again, loader re-run, with the errors in the payload", async () => {
  const before = loads;
  const res = await submit("/blog/a?validate", { title: "x" });
  assert.is(res.status, 422);
  assert.match(res.headers.get("content-type") ?? "", "text/html");
  const html = await res.text();
  const payload = embeddedPayload(html) as PagePayload;
  assert.equal(payload.action, { status: 422, errors: { title: '"x" is too short' } });
  assert.equal(payload.props, { slug: "a", loads: before + 1 });
  assert.match(html, "<output>");
});

test("plain: a 302 redirect becomes 303 so the browser GETs; other redirects stay as they are", async () => {
  const moved = await submit("/blog/a?move");
  assert.is(moved.status, 303);
  assert.is(moved.headers.get("location"), "/blog/elsewhere");
  assert.match(moved.headers.get("set-cookie") ?? "", "moved=1");
  const kept = await submit("/blog/a?permanent");
  assert.is(kept.status, 307);
  assert.is(kept.headers.get("location"), "/blog/new");
});

test("an action that throws: JSON 500 when enhanced, the error document otherwise; no message in production", async () => {
  let enhanced!: Response;
  let plain!: Response;
  const logged = await captureErrors(async () => {
    enhanced = await submit("/blog/a?explode", { headers: ENHANCED });
    plain = await submit("/blog/a?explode");
  });
  assert.is(enhanced.status, 500);
  assert.equal(await enhanced.json(), { error: "Internal Server Error" });
  assert.is(plain.status, 500);
  const html = await plain.text();
  assert.match(html, "<title>Internal Server Error</title>");
  assert.not.match(html, "secret detail");
  assert.match(logged, "POST pages/blog/[slug].tsx");
});

test("the data URL takes no POST", async () => {
  const res = await app.request("/blog/a/__data.json", { method: "POST" });
  assert.is(res.status, 405);
});

test.run();
