/**
 * Remote mode's requirements (cli/dev/remote-mode.ts): asked for by `remote: true` or SDK_REMOTE=1,
 * on the edge target only; a login, a link and the deployed resources' ids, whatever is missing
 * reported at once in one coded error with each fix. Then every D1, KV and R2 binding of the
 * generated wrangler.json is remote, on the link's account.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Diagnostic } from "../../../compiler/diagnostics.ts";
import type { AppIR } from "../../../compiler/ir.ts";
import { checkRemoteRequirements, remoteMode, remoteRequest, type RemoteInputs } from "../../../cli/dev/remote-mode.ts";
import { remoteBindingsConfig } from "../../../cli/dev/remote-bindings.ts";
import { scratchDir } from "../../helpers/scratch.ts";
import { userErrorFrom } from "../../helpers/user-error.ts";

const LINK = { accountId: "acc-linked", workerName: "shop", linkedAt: "2026-01-01T00:00:00.000Z" };
const DEPLOYED = {
  d1_databases: [{ binding: "DB", database_id: "0f3c-uuid", preview_database_id: "local-DB" }],
  kv_namespaces: [{ binding: "KV", id: "9a1e", preview_id: "local-KV" }],
  r2_buckets: [{ binding: "FILES", bucket_name: "shop" }],
};
const LOCAL = {
  d1_databases: [{ binding: "DB", database_id: "local-DB" }],
  kv_namespaces: [{ binding: "KV", id: "local-KV" }],
  r2_buckets: [{ binding: "FILES", bucket_name: "shop" }],
};
const inputs = (overrides: Partial<RemoteInputs> = {}): RemoteInputs => ({
  requestedBy: "SDK_REMOTE=1",
  login: { token: "tok-123" },
  link: LINK,
  wrangler: DEPLOYED,
  apiBaseUrl: "https://api.example/client/v4",
  ...overrides,
});

function refusal(run: () => unknown): Diagnostic[] {
  return userErrorFrom(run).diagnostics;
}

test("asked for by `remote: true` in the config or SDK_REMOTE=1; off otherwise", () => {
  assert.is(remoteRequest({ remote: true }, {}), "`remote: true` in sdk.config.ts");
  assert.is(remoteRequest({}, { SDK_REMOTE: "1" }), "SDK_REMOTE=1");
  assert.is(remoteRequest({ remote: false }, { SDK_REMOTE: "0" }), undefined);
  assert.is(remoteRequest({}, {}), undefined);
});

test("everything there: each D1, KV and R2 binding reaches its deployed resource on the link's account", () => {
  assert.equal(checkRemoteRequirements(inputs()), {
    apiBaseUrl: "https://api.example/client/v4",
    accountId: "acc-linked",
    token: "tok-123",
    workerName: "shop",
    bindings: [
      { kind: "d1", binding: "DB", resource: "0f3c-uuid" },
      { kind: "kv", binding: "KV", resource: "9a1e" },
      { kind: "r2", binding: "FILES", resource: "shop" },
    ],
  });
  assert.equal(checkRemoteRequirements(inputs({ wrangler: {} })).bindings, []);
});

test("nothing there: one error listing each missing thing, and each fix in the order to run them", () => {
  const [diagnostic, ...more] = refusal(() => checkRemoteRequirements(inputs({ login: undefined, link: undefined, wrangler: LOCAL })));
  assert.is(more.length, 0);
  assert.is(diagnostic.code, "SDK_REMOTE_UNAVAILABLE");
  assert.is(
    diagnostic.message,
    "remote mode (SDK_REMOTE=1) cannot be used: sdk is not logged in; this folder is not linked to a project on the platform; binding DB has no deployed D1 database yet; binding KV has no deployed KV namespace yet",
  );
  assert.is(
    diagnostic.hint,
    "run sdk account login (or set SDK_API_TOKEN), then run sdk project link, then run sdk deploy once: it provisions the resources and records their ids in sdk.lock.json; or turn remote mode off (unset SDK_REMOTE)",
  );
});

test("only what is missing is named: a login without a link, a link without a login", () => {
  const [unlinked] = refusal(() => checkRemoteRequirements(inputs({ link: undefined })));
  assert.is(unlinked.message, "remote mode (SDK_REMOTE=1) cannot be used: this folder is not linked to a project on the platform");
  assert.is(unlinked.hint, "run sdk project link; or turn remote mode off (unset SDK_REMOTE)");
  const [loggedOut] = refusal(() => checkRemoteRequirements(inputs({ login: undefined, requestedBy: "`remote: true` in sdk.config.ts" })));
  assert.is(loggedOut.message, "remote mode (`remote: true` in sdk.config.ts) cannot be used: sdk is not logged in");
  assert.match(loggedOut.hint!, "or turn remote mode off (remove `remote: true` from sdk.config.ts)");
});

test("a KV namespace sdk deploy has not provisioned yet is missing; a deployed D1 beside it is not", () => {
  const [diagnostic] = refusal(() => checkRemoteRequirements(inputs({ wrangler: { ...DEPLOYED, kv_namespaces: LOCAL.kv_namespaces } })));
  assert.is(diagnostic.message, "remote mode (SDK_REMOTE=1) cannot be used: binding KV has no deployed KV namespace yet");
  assert.match(diagnostic.hint!, "run sdk deploy once");
});

test("from the project: the login, link and generated wrangler.json are read; node, bun and deno are refused", () => {
  const root = scratchDir("remote-mode");
  const configHome = scratchDir("remote-config");
  mkdirSync(path.join(root, ".sdk", "generated", "dev"), { recursive: true });
  writeFileSync(path.join(root, ".sdk", "generated", "dev", "wrangler.json"), JSON.stringify({ name: "shop", ...DEPLOYED }));
  writeFileSync(path.join(root, ".sdk", "link.json"), JSON.stringify(LINK));
  const env = { SDK_REMOTE: "1", SDK_CONFIG_HOME: configHome, SDK_API_TOKEN: "tok-env", SDK_API_BASE_URL: "http://127.0.0.1:9/client/v4" };
  const ir = (target: AppIR["target"]) => ({ target, config: {} }) as AppIR;
  assert.is(remoteMode(root, ir("edge"), { SDK_CONFIG_HOME: configHome }), undefined);
  const target = remoteMode(root, ir("edge"), env)!;
  assert.equal([target.token, target.accountId, target.apiBaseUrl, target.bindings.length], ["tok-env", "acc-linked", "http://127.0.0.1:9/client/v4", 3]);
  for (const other of ["node", "bun", "deno"] as const) {
    const [diagnostic] = refusal(() => remoteMode(root, ir(other), env));
    assert.is(diagnostic.code, "SDK_REMOTE_EDGE_ONLY");
    assert.is(diagnostic.message, `remote mode (SDK_REMOTE=1) binds the edge platform's D1, KV and R2 resources, and sdk dev runs this app on ${other}`);
    assert.is(diagnostic.hint, "run sdk dev on the edge target (--target edge), or turn remote mode off (unset SDK_REMOTE)");
  }
});

test("the dev worker's config: remote bindings replace their local entries, in memory; others stay local", () => {
  const target = checkRemoteRequirements(inputs());
  const config = {
    d1_databases: [...DEPLOYED.d1_databases, { binding: "AUDIT", database_id: "local-AUDIT" }],
    kv_namespaces: [...DEPLOYED.kv_namespaces],
    r2_buckets: [] as { binding: string; bucket_name: string }[],
  };
  const added = remoteBindingsConfig({ ...target, bindings: target.bindings.filter((binding) => binding.binding !== "AUDIT") })(config as never);
  assert.equal(config.d1_databases, [{ binding: "AUDIT", database_id: "local-AUDIT" }]);
  assert.equal(config.kv_namespaces, []);
  // FILES is no longer in the app's config, so it is not bound at all.
  const bindings = added.unsafe!.bindings!;
  assert.equal(bindings.map((binding) => [binding.name, binding.type]), [["DB", "sdk_remote_d1"], ["KV", "sdk_remote_kv"]]);
  assert.equal((bindings[0] as { dev: { options: unknown } }).dev.options, {
    kind: "d1",
    apiBaseUrl: "https://api.example/client/v4",
    accountId: "acc-linked",
    resource: "0f3c-uuid",
    token: "tok-123",
    description: "sdk dev's remote D1 database 0f3c-uuid (binding DB)",
  });
});

test.run();
