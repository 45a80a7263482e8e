/** The names the platform commands take: a secret's (an env var name) and a worker's; a rejected one is not echoed. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { userErrorFrom } from "../../helpers/user-error.ts";
import { checkSecretName, checkWorkerName, isSecretName, isWorkerName } from "../../../cli/platform/names.ts";

const refusal = userErrorFrom;

test("secret names follow env.ts's rule: letters, digits, underscores, not starting with a digit", () => {
  for (const name of ["API_KEY", "_x", "a1", "AUTH_SECRET", "PUBLIC_SITE"]) assert.ok(isSecretName(name), name);
  for (const name of ["", "1ABC", "API-KEY", "a b", "NAME=value", "é", "A".repeat(256)]) assert.not.ok(isSecretName(name), name);
  assert.is(checkSecretName("API_KEY"), "API_KEY");
});

test("a missing secret name says how to run the command", () => {
  const { diagnostics } = refusal(() => checkSecretName(undefined));
  assert.is(diagnostics[0].code, "SDK_SECRET_NAME_MISSING");
  assert.match(diagnostics[0].hint!, "sdk secret put NAME");
});

test("an invalid secret name is refused without printing it back: it may be the value", () => {
  const error = refusal(() => checkSecretName("s3cr3t-value!"));
  assert.is(error.diagnostics[0].code, "SDK_SECRET_NAME_INVALID");
  assert.not.match(error.message, "s3cr3t");
  assert.match(error.diagnostics[0].hint!, "letters, digits and underscores");
});

test("NAME=value names only NAME: the value after = never reaches the message", () => {
  const error = refusal(() => checkSecretName("API_KEY=hunter2"));
  assert.match(error.message, "API_KEY followed by \"=\"");
  assert.not.match(error.message, "hunter2");
});

test("worker names are what the build generates: lowercase, digits, inner dashes, at most 63", () => {
  for (const name of ["my-app", "a", "app2", "a".repeat(63)]) assert.ok(isWorkerName(name), name);
  for (const name of ["", "My-App", "-app", "app-", "my_app", "@scope/app", "a".repeat(64)]) assert.not.ok(isWorkerName(name), name);
  const { diagnostics } = refusal(() => checkWorkerName("My_App", "--name"));
  assert.equal([diagnostics[0].code, diagnostics[0].message], ["SDK_WORKER_NAME_INVALID", "--name `My_App` is not a worker name"]);
  assert.match(diagnostics[0].hint!, ": my-app");
});

test.run();
