/**
 * `sdk project link [--name <worker>] [--create] [--account <id>]`: records in `.sdk/link.json`
 * which worker on which account this folder is. The worker need not exist: the first `sdk deploy`
 * creates it, or `--create` uploads a draft now (so secrets can be set before the first deploy).
 */
import { loadConfig } from "../../compiler/config/load.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { listAccounts } from "../platform/account.js";
import { accountPrompt, chooseAccount } from "../platform/choose-account.js";
import { createDraftWorker } from "../platform/draft-worker.js";
import { callPlatform } from "../platform/failures.js";
import { LINK_FILE, readLink, writeLink, type ProjectLink } from "../platform/link.js";
import { findScript } from "../platform/scripts.js";
import { requireLogin } from "../platform/session.js";
import { chooseWorkerName, compatibilityDateOf, requireAppFolder } from "../platform/worker-name.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, yellow } from "../report.js";

export interface ProjectLinkFlags extends GlobalOptions {
  name?: string;
  create?: boolean;
  account?: string;
}

export async function projectLinkCommand(args: readonly string[], flags: ProjectLinkFlags): Promise<void> {
  if (args.length) {
    throw new UserError([error("SDK_CLI_ARGUMENTS", "`sdk project link` takes the worker's name as --name, not as an argument", { hint: "sdk project link --name <worker>" })]);
  }
  const root = resolveRoot(flags.root);
  requireAppFolder(root, "sdk project link");
  const { api, accountId: loggedInAccount } = requireLogin("sdk project link");
  const { config } = await loadConfig(root);
  const worker = chooseWorkerName(root, config, flags.name);
  const accounts = await callPlatform("listing the accounts the token reaches", () => listAccounts(api));
  const account = await chooseAccount(accounts, flags.account ?? loggedInAccount, accountPrompt());
  const existing = await callPlatform(`looking for worker ${worker.name} on the account`, () => findScript(api, account.id, worker.name));
  const created = !existing && Boolean(flags.create);
  if (created) await callPlatform(`creating the draft worker ${worker.name}`, () => createDraftWorker(api, account.id, worker.name, compatibilityDateOf(config)));

  const previous = previousLink(root);
  const link: ProjectLink = { accountId: account.id, workerName: worker.name, linkedAt: new Date().toISOString() };
  writeLink(root, link);
  const relinked = previous && (previous.accountId !== link.accountId || previous.workerName !== link.workerName) ? previous : undefined;
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, link, linkFile: LINK_FILE, nameFrom: worker.from, account, exists: Boolean(existing), created, ...(relinked && { previous: relinked }) }, null, 2));
    return;
  }
  console.log(`${cyan("sdk project link")} ${dim(root)}`);
  console.log(`  ${green("✓")} linked to worker ${worker.name} ${dim(`(name from ${worker.from})`)} on account ${account.name} ${dim(`(${account.id})`)}`);
  if (existing) console.log(`  ${worker.name} exists on the account: sdk deploy updates it`);
  else if (created) console.log(`  ${worker.name} did not exist: created it as a draft that answers 503 until the first sdk deploy`);
  else console.log(`  ${worker.name} does not exist on the account yet: the first sdk deploy creates it ${dim("(--create makes a draft now)")}`);
  if (relinked) console.log(yellow(`  this folder was linked to worker ${relinked.workerName} on account ${relinked.accountId}`));
  console.log(dim(`  wrote ${LINK_FILE}; .sdk/ is not committed, so each clone links once`));
}

/** A broken link file is about to be replaced, so it is not an error here. */
function previousLink(root: string): ProjectLink | undefined {
  try {
    return readLink(root);
  } catch {
    return undefined;
  }
}
