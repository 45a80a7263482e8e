/** `sdk account <action>`: login (its own module), logout and whoami. */
import { existsSync, rmSync } from "node:fs";
import { error, UserError } from "../../compiler/diagnostics.js";
import { findAction } from "../command-actions.js";
import { listAccounts, verifyToken } from "../platform/account.js";
import { credentialsFile } from "../platform/credentials.js";
import { callPlatform } from "../platform/failures.js";
import { requireLogin } from "../platform/session.js";
import type { GlobalOptions } from "../options.js";
import { cyan, dim, yellow } from "../report.js";
import type { AccountLoginFlags } from "./account-login.js";

const ACTIONS = {
  login: async (args: string[], flags: AccountLoginFlags) => (await import("./account-login.js")).accountLoginCommand(args, flags),
  logout: async (args: string[], flags: GlobalOptions) => logoutCommand(args, flags),
  whoami: async (args: string[], flags: GlobalOptions) => whoamiCommand(args, flags),
} as const;

export async function accountCommand(action: string, args: string[], flags: AccountLoginFlags): Promise<void> {
  const run = findAction("account", ACTIONS, action, "an account command");
  // Refused before anything else, so whatever was typed after login is never echoed or used.
  if (action !== "login" && (args.length || flags.token !== undefined)) {
    throw new UserError([error("SDK_CLI_ARGUMENTS", `\`sdk account ${action}\` takes no arguments`, { hint: `run sdk account ${action}` })]);
  }
  await run(args, flags);
}

/** Removes the stored login; a token in the environment is not the file's, so it is only mentioned. */
function logoutCommand(_args: string[], flags: GlobalOptions): void {
  const file = credentialsFile();
  const existed = existsSync(file);
  rmSync(file, { force: true });
  const environment = process.env.SDK_API_TOKEN ? "SDK_API_TOKEN" : process.env.CLOUDFLARE_API_TOKEN ? "CLOUDFLARE_API_TOKEN" : undefined;
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, removed: existed, credentialsFile: file, ...(environment && { stillSet: environment }) }, null, 2));
    return;
  }
  console.log(`${cyan("sdk account logout")} ${existed ? `removed ${file}` : `not logged in: there is no ${file}`}`);
  if (environment) console.log(yellow(`  ${environment} is still set in this environment, and sdk uses it until it is unset`));
}

async function whoamiCommand(_args: string[], flags: GlobalOptions): Promise<void> {
  const { api, accountId, source } = requireLogin("sdk account whoami");
  // An account-owned token is checked against its account: the stored one, else the one it reaches.
  await callPlatform("checking the API token", async () => verifyToken(api, accountId ?? (await listAccounts(api))[0]?.id));
  const accounts = await callPlatform("listing the accounts the token reaches", () => listAccounts(api));
  const account = accounts.find((candidate) => candidate.id === accountId);
  const from = source === "environment" ? "the API token in the environment" : `the login stored in ${credentialsFile()}`;
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, source, account: account ?? null, accounts }, null, 2));
    return;
  }
  console.log(`${cyan("sdk account whoami")} ${dim(`(${from})`)}`);
  const reaches = accounts.map((a) => `${a.name} (${a.id})`).join(", ") || "no account";
  if (account) console.log(`  account ${account.name} ${dim(`(${account.id})`)}`);
  else if (accountId) console.log(yellow(`  account ${accountId} is not one the token reaches; it reaches ${reaches}`));
  else console.log(`  no account chosen; the token reaches ${reaches}`);
}
