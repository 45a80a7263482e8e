/**
 * `sdk account login [--account <id>]`: the API token from stdin or a hidden prompt (never from
 * the command line), checked with the platform, stored outside every project with mode 0600.
 * What is printed names the account and the file, never the token.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { listAccounts, verifyAccountToken, verifyUserToken, type TokenCheck } from "../platform/account.js";
import { PlatformApi } from "../platform/api.js";
import { refuseTokenInArgv, TOKEN_HOW_TO } from "../platform/argv-secrets.js";
import { accountPrompt, chooseAccount } from "../platform/choose-account.js";
import { writeCredentials } from "../platform/credentials.js";
import { callPlatform } from "../platform/failures.js";
import { readSecretInput } from "../platform/secret-input.js";
import type { GlobalOptions } from "../options.js";
import { cyan, dim, green, yellow } from "../report.js";

export interface AccountLoginFlags extends GlobalOptions {
  /** Registered only to be refused with a clear message, rather than cac's "unknown option". */
  token?: unknown;
  account?: string;
}

export async function accountLoginCommand(args: readonly string[], flags: AccountLoginFlags): Promise<void> {
  refuseTokenInArgv(args, flags.token);
  if (!flags.json) console.log(cyan("sdk account login"));
  const token = await readSecretInput({ prompt: "API token (input hidden): ", what: "the API token", howTo: TOKEN_HOW_TO, trim: "all" });
  const api = new PlatformApi(token);
  // A user's token is checked at once; an account-owned one is unknown to the user check (code
  // 1000) and is checked against its account, once the account list (which it can read) names it.
  const asUser = await callPlatform("checking the API token", () => verifyUserToken(api));
  if (asUser) refuseInactive(asUser);
  const accounts = await callPlatform("listing the accounts the token reaches", () => listAccounts(api));
  const account = await chooseAccount(accounts, flags.account, accountPrompt());
  if (!asUser) refuseInactive(await callPlatform(`checking the API token of account ${account.name}`, () => verifyAccountToken(api, account.id)));
  const file = writeCredentials({ token, accountId: account.id, accountName: account.name, savedAt: new Date().toISOString() });
  const overriddenBy = environmentToken();
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, account: { id: account.id, name: account.name }, credentialsFile: file, ...(overriddenBy && { overriddenBy }) }, null, 2));
    return;
  }
  console.log(`  ${green("✓")} logged in to account ${account.name} ${dim(`(${account.id})`)}`);
  console.log(`  ${dim("token stored in")} ${file} ${dim("(readable only by you)")}`);
  if (accounts.length > 1) console.log(dim(`  the token reaches ${accounts.length} accounts; sdk account login --account <id> switches`));
  if (overriddenBy) console.log(yellow(`  ${overriddenBy} is set in this environment and wins over the stored login while it is`));
}

function refuseInactive(verified: TokenCheck): void {
  if (verified.status === "active") return;
  throw new UserError([error("SDK_TOKEN_INACTIVE", `the API token is ${verified.status}, not active. Nothing was stored.`, {
    hint: "activate it (or create a new one) in the platform's dashboard, then run sdk account login again",
  })]);
}

function environmentToken(): string | undefined {
  if (process.env.SDK_API_TOKEN) return "SDK_API_TOKEN";
  if (process.env.CLOUDFLARE_API_TOKEN) return "CLOUDFLARE_API_TOKEN";
  return undefined;
}
