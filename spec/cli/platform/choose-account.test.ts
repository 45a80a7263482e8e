/** Which account: the only one, --account by id or name, a terminal's answer, else an error listing them. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { chooseAccount } from "../../../cli/platform/choose-account.ts";

const ACME = { id: "a1", name: "Acme" };
const OTHER = { id: "b2", name: "Other" };

const codeOf = (promise: Promise<unknown>) => promise.then(() => "", (cause: { diagnostics: { code: string; message: string; hint?: string }[] }) => cause.diagnostics[0]);

test("one account is used; --account picks by id or exact name", async () => {
  assert.equal(await chooseAccount([ACME], undefined), ACME);
  assert.equal(await chooseAccount([ACME, OTHER], "b2"), OTHER);
  assert.equal(await chooseAccount([ACME, OTHER], "Acme"), ACME);
});

test("several accounts and no way to ask: an error listing them, hinting --account", async () => {
  const diagnostic = await codeOf(chooseAccount([ACME, OTHER], undefined));
  assert.equal(diagnostic, {
    code: "SDK_ACCOUNT_AMBIGUOUS",
    severity: "error",
    message: "the API token reaches 2 accounts: a1 (Acme), b2 (Other)",
    hint: "choose one with --account <id>, e.g. --account a1",
  });
});

test("on a terminal the answer is a number or an id; anything else lists the accounts", async () => {
  assert.equal(await chooseAccount([ACME, OTHER], undefined, async () => "2"), OTHER);
  assert.equal(await chooseAccount([ACME, OTHER], undefined, async () => "a1"), ACME);
  const diagnostic = (await codeOf(chooseAccount([ACME, OTHER], undefined, async () => "7"))) as { code: string };
  assert.is(diagnostic.code, "SDK_ACCOUNT_UNKNOWN");
});

test("an --account the token does not reach, and a token that reaches none, are coded errors", async () => {
  assert.match(JSON.stringify(await codeOf(chooseAccount([ACME], "zz"))), "SDK_ACCOUNT_UNKNOWN");
  assert.match(JSON.stringify(await codeOf(chooseAccount([ACME], "zz"))), "a1 (Acme)");
  assert.match(JSON.stringify(await codeOf(chooseAccount([], undefined))), "SDK_NO_ACCOUNT");
});

test.run();
