/**
 * Which of the token's accounts sdk works in: the only one, the one `--account` names (by id or
 * by exact name), or, on a terminal, the one the user picks. Never a guess: with several and no
 * way to ask, the error lists them.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import type { Account } from "./account.js";
import { askLine, canPrompt } from "./secret-input.js";

/** Asks the user to pick; answers the 1-based number or the id typed. */
export type AskAccount = (accounts: readonly Account[]) => Promise<string>;

export async function chooseAccount(accounts: readonly Account[], wanted: string | undefined, ask?: AskAccount): Promise<Account> {
  if (!accounts.length) {
    throw new UserError([error("SDK_NO_ACCOUNT", "the API token reaches no account", {
      hint: "create a token with account-level permissions (Workers Scripts and D1, edit) and log in with it",
    })]);
  }
  if (wanted !== undefined) return byIdOrName(accounts, String(wanted)) ?? throwUnknown(accounts, String(wanted));
  if (accounts.length === 1) return accounts[0];
  if (ask) {
    const answer = await ask(accounts);
    const picked = accounts[Number(answer) - 1] ?? byIdOrName(accounts, answer);
    if (picked) return picked;
    throwUnknown(accounts, answer);
  }
  throw new UserError([error("SDK_ACCOUNT_AMBIGUOUS", `the API token reaches ${accounts.length} accounts: ${listAccounts(accounts)}`, {
    hint: `choose one with --account <id>, e.g. --account ${accounts[0].id}`,
  })]);
}

/** The numbered list a terminal prompt shows. */
export function numberedAccounts(accounts: readonly Account[]): string {
  return accounts.map((account, index) => `  ${index + 1}. ${account.name} (${account.id})`).join("\n");
}

/** The terminal question, when there is a terminal to ask on (stdin is not a pipe carrying the token). */
export function accountPrompt(): AskAccount | undefined {
  if (!canPrompt()) return undefined;
  return async (accounts) => {
    console.error(`The token reaches ${accounts.length} accounts:\n${numberedAccounts(accounts)}`);
    return askLine("Which one (number or id)? ");
  };
}

function byIdOrName(accounts: readonly Account[], wanted: string): Account | undefined {
  return accounts.find((account) => account.id === wanted) ?? accounts.find((account) => account.name === wanted);
}

function throwUnknown(accounts: readonly Account[], wanted: string): never {
  throw new UserError([error("SDK_ACCOUNT_UNKNOWN", `the API token does not reach an account \`${wanted}\`; it reaches ${listAccounts(accounts)}`, {
    hint: "give --account one of those ids",
  })]);
}

function listAccounts(accounts: readonly Account[]): string {
  return accounts.map((account) => `${account.id} (${account.name})`).join(", ");
}
