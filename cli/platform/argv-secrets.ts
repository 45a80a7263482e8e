/**
 * Tokens and secret values never come from the command line: argv is readable by every user of
 * the machine (`ps`) and is kept in shell history and CI logs. Whatever was passed there is
 * refused without being repeated, and the message says how to pass it instead.
 */
import { error, UserError } from "../../compiler/diagnostics.js";

export const TOKEN_HOW_TO = "pipe it on stdin (printf %s \"$TOKEN\" | sdk account login), or run sdk account login in a terminal and paste it at the hidden prompt; in CI, set SDK_API_TOKEN instead of logging in";
export const SECRET_HOW_TO = "pipe the value on stdin (printf %s \"$VALUE\" | sdk secret put NAME), or run sdk secret put NAME in a terminal and type it at the hidden prompt";

/** `args`: the words after `sdk account login`; `tokenFlag`: the value of `--token`, if given. */
export function refuseTokenInArgv(args: readonly unknown[], tokenFlag: unknown): void {
  if (tokenFlag === undefined && !args.length) return;
  const where = tokenFlag !== undefined ? "`--token`" : "an argument";
  throw new UserError([error("SDK_TOKEN_IN_ARGV", `sdk account login does not take the API token as ${where}: a command line is visible to other processes and stays in shell history. Nothing was stored.`, {
    hint: `${TOKEN_HOW_TO}. If the token was real, consider rolling it, since it may now be in your shell history`,
  })]);
}

/** `extra`: the words after `sdk secret put NAME`. */
export function refuseSecretValueInArgv(extra: readonly unknown[]): void {
  if (!extra.length) return;
  throw new UserError([error("SDK_SECRET_IN_ARGV", "sdk secret put takes only the secret's name: a value on the command line is visible to other processes and stays in shell history. Nothing was set.", {
    hint: SECRET_HOW_TO,
  })]);
}
