/** Tokens and secret values are never taken from argv; the refusal says how to pass them and never repeats them. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { userErrorFrom } from "../../helpers/user-error.ts";
import { refuseSecretValueInArgv, refuseTokenInArgv } from "../../../cli/platform/argv-secrets.ts";

const TOKEN = "tok_0123456789abcdef";

const refusal = userErrorFrom;

test("no arguments and no --token: nothing to refuse", () => {
  refuseTokenInArgv([], undefined);
  refuseSecretValueInArgv([]);
});

test("a token as an argument or as --token is refused, saying how to pipe it, without repeating it", () => {
  for (const [args, flag, where] of [[[TOKEN], undefined, "an argument"], [[], TOKEN, "`--token`"], [[], true, "`--token`"]] as const) {
    const error = refusal(() => refuseTokenInArgv(args, flag));
    const [diagnostic] = error.diagnostics;
    assert.is(diagnostic.code, "SDK_TOKEN_IN_ARGV");
    assert.match(diagnostic.message, `does not take the API token as ${where}`);
    assert.match(diagnostic.message, "Nothing was stored.");
    assert.match(diagnostic.hint!, "| sdk account login");
    assert.match(diagnostic.hint!, "SDK_API_TOKEN");
    assert.not.match(JSON.stringify(error.diagnostics), TOKEN);
  }
});

test("a value after the secret's name is refused without repeating it", () => {
  const error = refusal(() => refuseSecretValueInArgv(["hunter2"]));
  assert.is(error.diagnostics[0].code, "SDK_SECRET_IN_ARGV");
  assert.match(error.diagnostics[0].hint!, "| sdk secret put NAME");
  assert.not.match(JSON.stringify(error.diagnostics), "hunter2");
});

test.run();
