/**
 * `sdk secret list`: the linked worker's secret names and types, never a value. A secret that
 * shadows a configured var is marked, with the contract's remedy: delete the secret and redeploy.
 */
import { loadConfig } from "../../compiler/config/load.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { requireLinkedProject } from "../platform/session.js";
import { workerSecrets } from "../platform/worker-secrets.js";
import { requireAppFolder } from "../platform/worker-name.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, yellow } from "../report.js";

export async function secretListCommand(args: readonly string[], flags: GlobalOptions): Promise<void> {
  // Not repeated: a word here may be a value typed where it does not belong.
  if (args.length) throw new UserError([error("SDK_SECRET_LIST_ARGUMENTS", "sdk secret list takes no arguments: it lists every secret name of the linked worker", { hint: "run sdk secret list" })]);
  const root = resolveRoot(flags.root);
  requireAppFolder(root, "sdk secret list");
  const { api, link } = requireLinkedProject(root, "sdk secret list");
  const { config } = await loadConfig(root);
  const secrets = await workerSecrets(api, link, config);
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, worker: link.workerName, accountId: link.accountId, exists: secrets !== null, secrets: secrets ?? [] }, null, 2));
    return;
  }
  console.log(`${cyan("sdk secret list")} ${dim(`(worker ${link.workerName})`)}`);
  if (!secrets) return console.log(`  worker ${link.workerName} does not exist yet: no secrets (sdk secret put NAME creates it as a draft)`);
  if (!secrets.length) return console.log("  no secrets");
  for (const secret of secrets) {
    const note = secret.shadows ? yellow(`  takes precedence over ${secret.shadows}: to use the var, sdk secret delete ${secret.name}, then sdk deploy`) : "";
    console.log(`  ${secret.name} ${dim(secret.type)}${note}`);
  }
}
