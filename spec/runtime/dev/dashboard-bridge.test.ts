/**
 * The dev worker's bridge for the dashboard: it answers only a POST to one of its operations that
 * carries the session's token; everything else, a guessed or missing token first, is the app's.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ExecutionContext } from "hono";
import type { Worker } from "../../../runtime/adapters/edge.ts";
import { BRIDGE_TOKEN_HEADER, BRIDGE_TOKEN_VAR, withDashboardBridge } from "../../../runtime/dev/dashboard-bridge.ts";

const TOKEN = "a".repeat(64);
const store = new Map([["greeting", "hello"]]);
const KV = {
  list: async () => ({ keys: [...store.keys()].map((name) => ({ name })), list_complete: true }),
  get: async (key: string) => store.get(key) ?? null,
  delete: async (key: string) => void store.delete(key),
};
const app: Worker = { fetch: () => new Response("the app", { status: 404 }) };
const bridged = withDashboardBridge(app);
const ctx = {} as ExecutionContext;

function ask(operation: string, body: unknown, headers: Record<string, string>, env: Record<string, unknown> = { [BRIDGE_TOKEN_VAR]: TOKEN, KV }, method = "POST") {
  return bridged.fetch(new Request(`http://localhost/__sdk/bridge/${operation}`, { method, headers, ...(method === "POST" && { body: JSON.stringify(body) }) }), env, ctx);
}

test("with the session's token, an operation reads the binding", async () => {
  const answer = await ask("kv-get", { binding: "KV", key: "greeting" }, { [BRIDGE_TOKEN_HEADER]: TOKEN });
  assert.equal(await answer.json(), { value: "hello" });
});

test("no token, a wrong one, a worker given none or a short one, a GET or an unknown operation: the app answers", async () => {
  const cases: [string, Record<string, string>, Record<string, unknown>?, string?][] = [
    ["kv-get", {}],
    ["kv-get", { [BRIDGE_TOKEN_HEADER]: "b".repeat(64) }],
    ["kv-get", { [BRIDGE_TOKEN_HEADER]: "" }],
    ["kv-get", { [BRIDGE_TOKEN_HEADER]: TOKEN }, { KV }],
    ["kv-get", { [BRIDGE_TOKEN_HEADER]: "short" }, { [BRIDGE_TOKEN_VAR]: "short", KV }],
    ["kv-get", { [BRIDGE_TOKEN_HEADER]: TOKEN }, undefined, "GET"],
    ["constructor", { [BRIDGE_TOKEN_HEADER]: TOKEN }],
    ["toString", { [BRIDGE_TOKEN_HEADER]: TOKEN }],
  ];
  for (const [operation, headers, env, method] of cases) {
    const answer = await ask(operation, { binding: "KV", key: "greeting" }, headers, env, method);
    assert.is(await answer.text(), "the app", `${operation} ${JSON.stringify(headers)} ${method ?? "POST"}`);
  }
  assert.is(store.get("greeting"), "hello");
});

test("a binding's error is the operation's 400, not the app's", async () => {
  const answer = await ask("kv-get", { binding: "MISSING", key: "x" }, { [BRIDGE_TOKEN_HEADER]: TOKEN });
  assert.is(answer.status, 400);
  assert.ok(((await answer.json()) as { error: string }).error.length > 0);
});

test.run();
