/**
 * `sdk secret delete NAME`: removes a secret from the linked worker. The running worker loses it
 * at once (the platform deploys a copy of the current version without it); a var of the same
 * name that the config sets takes its place at the next `sdk deploy`, the contract's remedy for a
 * secret that shadows a var. A name the worker does not have is refused with the names it has.
 */
import { loadConfig } from "../../compiler/config/load.js";
import { closest } from "../../compiler/config/hints.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { callPlatform } from "../platform/failures.js";
import { checkSecretName } from "../platform/names.js";
import { deleteSecret } from "../platform/script-versions.js";
import { requireLinkedProject } from "../platform/session.js";
import { shadowedVar, workerSecrets, type SecretName } from "../platform/worker-secrets.js";
import { requireAppFolder } from "../platform/worker-name.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green } from "../report.js";

export async function secretDeleteCommand(args: readonly string[], flags: GlobalOptions): Promise<void> {
  if (args.length > 1) throw new UserError([error("SDK_SECRET_DELETE_ARGUMENTS", "sdk secret delete takes one secret name", { hint: "run sdk secret delete NAME once per secret" })]);
  const name = checkSecretName(args[0], "sdk secret delete");
  const root = resolveRoot(flags.root);
  requireAppFolder(root, "sdk secret delete");
  const { api, link } = requireLinkedProject(root, "sdk secret delete");
  const { config } = await loadConfig(root);
  const secrets = await workerSecrets(api, link, config);
  if (!secrets?.some((secret) => secret.name === name)) throw notFound(name, link.workerName, secrets);
  await callPlatform(`deleting secret ${name} from worker ${link.workerName}`, () => deleteSecret(api, link.accountId, link.workerName, name));
  const varTakesOver = shadowedVar(config, name);
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, name, worker: link.workerName, accountId: link.accountId, ...(varTakesOver && { varAtNextDeploy: varTakesOver }) }, null, 2));
    return;
  }
  console.log(`${cyan("sdk secret delete")} ${name} ${dim(`(worker ${link.workerName})`)}`);
  console.log(`  ${green("✓")} Secret ${name} deleted from worker ${link.workerName}: the running worker no longer has it`);
  if (varTakesOver) console.log(`  ${varTakesOver} in sdk.config.ts takes its place at the next sdk deploy`);
}

function notFound(name: string, worker: string, secrets: SecretName[] | null): UserError {
  const names = (secrets ?? []).map((secret) => secret.name);
  const meant = closest(name, names);
  const has = secrets === null ? `worker ${worker} does not exist yet` : names.length ? `its secrets are ${names.join(", ")}` : "it has no secrets";
  return new UserError([error("SDK_SECRET_NOT_FOUND", `worker ${worker} has no secret ${name}: ${has}. Nothing was deleted.`, {
    hint: meant ? `Did you mean ${meant}? Run sdk secret delete ${meant}` : "sdk secret list shows the worker's secret names",
  })]);
}
