/** The stored login: outside the project under the config home, mode 0600 in a 0700 folder; the environment's token wins. */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { credentialsFile, readCredentials, resolveLogin, writeCredentials } from "../../../cli/platform/credentials.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const login = { token: "tok_secret", accountId: "acc1", accountName: "Acme", savedAt: "2026-01-01T00:00:00.000Z" };

test("the credentials file is written with mode 0600 in a folder only its owner enters", () => {
  const home = path.join(scratchDir("config-home"), "sdk");
  const env = { SDK_CONFIG_HOME: home };
  const file = writeCredentials(login, env);
  assert.is(file, path.join(home, "credentials.json"));
  assert.is(statSync(file).mode & 0o777, 0o600);
  assert.is(statSync(home).mode & 0o777, 0o700);
  assert.equal(readCredentials(env), login);
});

test("rewriting a file that was readable by others makes it 0600 again", () => {
  const home = scratchDir("config-home");
  const env = { SDK_CONFIG_HOME: home };
  writeFileSync(path.join(home, "credentials.json"), "{}", { mode: 0o644 });
  writeCredentials(login, env);
  assert.is(statSync(credentialsFile(env)).mode & 0o777, 0o600);
});

test("without SDK_CONFIG_HOME the file is under XDG_CONFIG_HOME/sdk", () => {
  assert.is(credentialsFile({ XDG_CONFIG_HOME: "/x/config" }), path.join("/x/config", "sdk", "credentials.json"));
});

test("SDK_API_TOKEN wins over the stored login; the stored account is kept unless SDK_ACCOUNT_ID names one", () => {
  const home = scratchDir("config-home");
  writeCredentials(login, { SDK_CONFIG_HOME: home });
  assert.equal(resolveLogin({ SDK_CONFIG_HOME: home }), { token: "tok_secret", accountId: "acc1" });
  assert.equal(resolveLogin({ SDK_CONFIG_HOME: home, SDK_API_TOKEN: "ci" }), { token: "ci", accountId: "acc1" });
  assert.equal(resolveLogin({ SDK_CONFIG_HOME: home, SDK_API_TOKEN: "ci", SDK_ACCOUNT_ID: "acc2" }), { token: "ci", accountId: "acc2" });
});

test("no file and no token: not logged in; a file sdk did not write is a coded error, not a crash", () => {
  const home = scratchDir("config-home");
  assert.is(resolveLogin({ SDK_CONFIG_HOME: home }), undefined);
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(home, "credentials.json"), "not json");
  assert.throws(() => readCredentials({ SDK_CONFIG_HOME: home }), (error: { diagnostics?: { code: string }[] }) => error.diagnostics?.[0].code === "SDK_CREDENTIALS_INVALID");
});

test.run();
